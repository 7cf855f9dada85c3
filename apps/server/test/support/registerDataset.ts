import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

const day = 86_400_000;

/** The tokens of account `index` of {@link registerDataset}: read only, and read with write. */
export const registerTokens = (index: number) => ({
  read: `reg-token-read-${index}-000000`,
  write: `reg-token-write-${index}-00000`,
});

/** The ids of account `index`'s records in {@link registerDataset}. */
export const registerIds = (index: number) => ({
  account: `acc_reg_${index}`,
  /** Harness: metafields `mf_length`, `mf_brand`. */
  harness: `et_reg_${index}`,
  /** Ladder: metafield `mf_height`. */
  ladder: `et_reg_${index}b`,
  /** No metafields. */
  plain: `et_reg_${index}c`,
  users: [`u_reg_${index}`, `u_reg_${index}b`],
  /** Equipment `n` of the account (a harness). */
  equipment: (n: number) => `eq_reg_${index}_${n}`,
});

/** The schedules every equipment of {@link registerDataset} has. */
export const registerSchedules = {
  /** Monthly, warned 5 days ahead; expired 30 days before `now`. */
  monthly: "sch_monthly",
  /** Yearly without a warning; up to date until 265 days after `now`. */
  yearly: "sch_yearly",
} as const;

/** The schedules of {@link registerSchedules}, dated around `now`. */
export function registerScheduleDates(now: number) {
  return [
    {
      schedule_id: registerSchedules.monthly,
      lastCompletedOn: now - 60 * day,
      expiringOn: now - 35 * day,
      expiresOn: now - 30 * day,
      interval: "P1M",
      warning: "P5D",
    },
    {
      schedule_id: registerSchedules.yearly,
      lastCompletedOn: now - 100 * day,
      expiringOn: now + 265 * day,
      expiresOn: now + 265 * day,
      interval: "P1Y",
    },
  ];
}

/**
 * Accounts for the register's suites, each with a read and a read-and-write token, two
 * users, three equipment types (with metafields, with another metafield, with none) and
 * `count` harnesses (`eq_reg_<i>_<n>`) with a metavalue and the schedules of
 * {@link registerSchedules}. Every id carries the account's index: account 1's records
 * are what account 0 must never reach.
 *
 * @param accounts - how many accounts
 * @param count - equipment per account
 * @param now - the instant the dates are arranged around (ms)
 */
export function registerDataset(accounts: number, count: number, now: number): DatasetInput {
  const indexes = Array.from({ length: accounts }, (_, index) => index);
  return {
    accounts: indexes.map((i) => ({ id: registerIds(i).account, name: `Register ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: registerTokens(i).read, account_id: registerIds(i).account },
      {
        token: registerTokens(i).write,
        account_id: registerIds(i).account,
        permissions: ["read" as const, "write" as const],
      },
    ]),
    users: indexes.flatMap((i) =>
      registerIds(i).users.map((id) => ({ id, account_id: registerIds(i).account, name: `User ${id}` })),
    ),
    equipmentTypes: indexes.flatMap((i) => {
      const ids = registerIds(i);
      return [
        {
          id: ids.harness,
          account_id: ids.account,
          name: "Harness",
          metafields: [
            { id: "mf_length", name: "Length (m)" },
            { id: "mf_brand", name: "Brand" },
          ],
        },
        {
          id: ids.ladder,
          account_id: ids.account,
          name: "Ladder",
          metafields: [{ id: "mf_height", name: "Height" }],
        },
        { id: ids.plain, account_id: ids.account, name: "Plain", metafields: [] },
      ];
    }),
    equipments: indexes.flatMap((i) =>
      Array.from({ length: count }, (_, n) =>
        plainEquipment(registerIds(i).equipment(n), registerIds(i).harness, now - (count - n) * day, {
          serialNumber: `SN-${i}-${n}`,
          title: `Harness ${n}`,
          assignedUsers_id: [registerIds(i).users[0] ?? ""],
          metavalues: { mf_length: 1.5 },
          schedules: registerScheduleDates(now),
        }),
      ),
    ),
  };
}
