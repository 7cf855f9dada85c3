import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

/** The read token of account `index` of {@link soonDataset}. */
export const soonToken = (index: number) => `soon-token-read-${index}-000000`;

/**
 * Accounts whose one harness has a schedule that turns `expiring` at `expiringAt` and
 * `expired` at `expiredAt` (ms), completed before: a dataset whose statuses change with
 * time alone while a test watches. Every id carries the account's index, so the events
 * of one account can be told from another's.
 *
 * @param count - how many accounts (their ids `acc_soon_<i>`)
 * @param expiringAt - the schedule's `expiringOn`
 * @param expiredAt - its `expiresOn`
 */
export function soonDataset(count: number, expiringAt: number, expiredAt: number): DatasetInput {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return {
    accounts: indexes.map((i) => ({ id: `acc_soon_${i}`, name: `Soon ${i}` })),
    tokens: indexes.map((i) => ({ token: soonToken(i), account_id: `acc_soon_${i}` })),
    equipmentTypes: indexes.map((i) => ({
      id: `et_soon_${i}`,
      account_id: `acc_soon_${i}`,
      name: "Harness",
      metafields: [],
    })),
    equipments: indexes.map((i) =>
      plainEquipment(`eq_soon_${i}`, `et_soon_${i}`, 1, {
        metavalues: {},
        schedules: [
          {
            schedule_id: "sch_annual",
            expiringOn: expiringAt,
            expiresOn: expiredAt,
            lastCompletedOn: expiringAt - 86_400_000,
          },
        ],
      }),
    ),
  };
}
