import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

const day = 86_400_000;

/** The tokens of account `index` of {@link inspectionDataset}: read only, and read with write. */
export const inspectionTokens = (index: number) => ({
  read: `insp-token-read-${index}-00000`,
  write: `insp-token-write-${index}-0000`,
});

/** The schedules every equipment of {@link inspectionDataset} has, by what a test needs of them. */
export const inspectionSchedules = {
  /** Monthly, warned 5 days ahead; completed 60 days ago, expired 30 days ago. */
  monthly: "sch_monthly",
  /** Yearly without a warning; up to date. */
  yearly: "sch_yearly",
  /** No interval, never completed. */
  plain: "sch_plain",
} as const;

/**
 * Accounts for the inspection suites, each with a read and a read-and-write token, two
 * users, two equipment types (`et_insp_<i>`, `et_insp_<i>b`) and `count` equipment
 * (`eq_insp_<i>_<n>`, of the first type), each with the schedules of
 * {@link inspectionSchedules}, dated around `now`. Every id carries the account's index:
 * account 1's records are what account 0 must never reach.
 *
 * @param accounts - how many accounts (`acc_insp_<i>`)
 * @param count - equipment per account
 * @param now - the instant the dates are arranged around (ms)
 */
export function inspectionDataset(accounts: number, count: number, now: number): DatasetInput {
  const indexes = Array.from({ length: accounts }, (_, index) => index);
  return {
    accounts: indexes.map((i) => ({ id: `acc_insp_${i}`, name: `Inspected ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: inspectionTokens(i).read, account_id: `acc_insp_${i}` },
      {
        token: inspectionTokens(i).write,
        account_id: `acc_insp_${i}`,
        permissions: ["read" as const, "write" as const],
      },
    ]),
    users: indexes.flatMap((i) => [
      { id: `u_insp_${i}`, account_id: `acc_insp_${i}`, name: `Inspector ${i}` },
      { id: `u_insp_${i}b`, account_id: `acc_insp_${i}`, name: `Second inspector ${i}` },
    ]),
    equipmentTypes: indexes.flatMap((i) => [
      { id: `et_insp_${i}`, account_id: `acc_insp_${i}`, name: "Harness", metafields: [] },
      { id: `et_insp_${i}b`, account_id: `acc_insp_${i}`, name: "Ladder", metafields: [] },
    ]),
    equipments: indexes.flatMap((i) =>
      Array.from({ length: count }, (_, n) =>
        plainEquipment(inspectedEquipment(i, n), `et_insp_${i}`, n + 1, {
          serialNumber: `SN-${i}-${n}`,
          metavalues: {},
          schedules: [
            {
              schedule_id: inspectionSchedules.monthly,
              lastCompletedOn: now - 60 * day,
              expiringOn: now - 35 * day,
              expiresOn: now - 30 * day,
              interval: "P1M",
              warning: "P5D",
            },
            {
              schedule_id: inspectionSchedules.plain,
              lastCompletedOn: null,
              expiringOn: null,
              expiresOn: null,
            },
            {
              schedule_id: inspectionSchedules.yearly,
              lastCompletedOn: now - 100 * day,
              expiringOn: now + 265 * day,
              expiresOn: now + 265 * day,
              interval: "P1Y",
            },
          ],
        }),
      ),
    ),
  };
}

/** The id of equipment `n` of account `index` of {@link inspectionDataset}. */
export const inspectedEquipment = (index: number, n: number) => `eq_insp_${index}_${n}`;
