import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

/**
 * The instant the feed suites' dates are arranged around: fixed, and after any store's
 * event clock (which starts when the store is migrated), so that every request of a suite
 * is served at an instant of its own choosing.
 */
export const FEED_T0 = Date.UTC(2031, 0, 6, 12);

const day = 86_400_000;

/** The tokens of account `index` of {@link feedDataset}. */
export const feedTokens = (index: number) => ({
  read: `feed-token-read-${index}-000000`,
  write: `feed-token-write-${index}-00000`,
});

/** An equipment of account `index` of {@link feedDataset}, by its role. */
export const feedEquipment = (index: number, role: "a1" | "a2" | "b1" | "b2" | "b3") =>
  `eq_feed_${index}_${role}`;

/**
 * Accounts for the feed suites, each with a read and a read-and-write token, an inspector,
 * two types (one with a metafield) and five equipment: in and out of service, with and
 * without schedules (one never completed), `title` and `clients_id`; `b1`'s schedule becomes expiring at
 * `FEED_T0 + 30 s` and expired at `FEED_T0 + 60 s`, every other date lies days away.
 * Every id carries the account's index: account 1's records are what account 0 must
 * never see.
 *
 * @param accounts - how many accounts (`acc_feed_<i>`)
 */
export function feedDataset(accounts: number): DatasetInput {
  const indexes = Array.from({ length: accounts }, (_, index) => index);
  const t0 = FEED_T0;
  return {
    accounts: indexes.map((i) => ({ id: `acc_feed_${i}`, name: `Fed ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: feedTokens(i).read, account_id: `acc_feed_${i}` },
      {
        token: feedTokens(i).write,
        account_id: `acc_feed_${i}`,
        permissions: ["read" as const, "write" as const],
      },
    ]),
    users: indexes.map((i) => ({ id: `u_feed_${i}`, account_id: `acc_feed_${i}`, name: `Inspector ${i}` })),
    equipmentTypes: indexes.flatMap((i) => [
      {
        id: `et_feed_${i}_a`,
        account_id: `acc_feed_${i}`,
        name: "Harness",
        metafields: [{ id: `mf_feed_${i}_length`, name: "Length (m)" }],
      },
      { id: `et_feed_${i}_b`, account_id: `acc_feed_${i}`, name: "Ladder", metafields: [] },
    ]),
    equipments: indexes.flatMap((i) => [
      plainEquipment(feedEquipment(i, "a1"), `et_feed_${i}_a`, t0 - 5 * day, {
        metavalues: { [`mf_feed_${i}_length`]: "2" },
        schedules: [
          {
            schedule_id: "sch_yearly",
            lastCompletedOn: t0 - 10 * day,
            expiringOn: t0 + 300 * day,
            expiresOn: t0 + 355 * day,
            interval: "P1Y",
          },
        ],
      }),
      plainEquipment(feedEquipment(i, "a2"), `et_feed_${i}_a`, t0 - 4 * day, {
        isInService: false,
        schedules: [
          { schedule_id: "sch_plain", lastCompletedOn: null, expiringOn: null, expiresOn: null },
          {
            schedule_id: "sch_yearly",
            lastCompletedOn: t0 - 400 * day,
            expiringOn: t0 - 40 * day,
            expiresOn: t0 - 35 * day,
          },
        ],
      }),
      plainEquipment(feedEquipment(i, "b1"), `et_feed_${i}_b`, t0 - 3 * day, {
        schedules: [
          {
            schedule_id: "sch_monthly",
            lastCompletedOn: t0 - 20 * day,
            expiringOn: t0 + 30_000,
            expiresOn: t0 + 60_000,
          },
        ],
      }),
      plainEquipment(feedEquipment(i, "b2"), `et_feed_${i}_b`, t0 - 2 * day, {
        title: "Step ladder",
        clients_id: [`client_${i}`],
      }),
      plainEquipment(feedEquipment(i, "b3"), `et_feed_${i}_b`, t0 - 1 * day, {
        schedules: [
          {
            schedule_id: "sch_yearly",
            lastCompletedOn: t0 - 30 * day,
            expiringOn: t0 + 200 * day,
            expiresOn: t0 + 300 * day,
          },
        ],
      }),
    ]),
  };
}
