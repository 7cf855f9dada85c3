import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

/** The tokens of account `index` of {@link webhookDataset}: read only, and read with write. */
export const webhookTokens = (index: number) => ({
  read: `wh-token-read-${index}-0000000`,
  write: `wh-token-write-${index}-000000`,
});

/**
 * Accounts for the webhook suites, each with a read token, a read-and-write token and one
 * equipment type (`et_wh_<i>`); every id carries the account's index.
 *
 * @param count - how many accounts (`acc_wh_<i>`)
 */
export function webhookDataset(count: number): DatasetInput {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return {
    accounts: indexes.map((i) => ({ id: `acc_wh_${i}`, name: `Hooked ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: webhookTokens(i).read, account_id: `acc_wh_${i}` },
      {
        token: webhookTokens(i).write,
        account_id: `acc_wh_${i}`,
        permissions: ["read" as const, "write" as const],
      },
    ]),
    equipmentTypes: indexes.map((i) => ({
      id: `et_wh_${i}`,
      account_id: `acc_wh_${i}`,
      name: "Harness",
      metafields: [],
    })),
  };
}

/**
 * A dataset adding equipment to account `index`'s type, each with a schedule due in a
 * year: importing it records each one's appearance (an equipment and a schedule event,
 * cause `import`), which is what the delivery suites deliver.
 *
 * @param index - the account
 * @param ids - the new equipment's ids (one, or thousands for a backlog)
 */
export function newEquipment(index: number, ...ids: string[]): DatasetInput {
  const year = 365 * 86_400_000;
  return {
    equipments: ids.map((id) =>
      plainEquipment(id, `et_wh_${index}`, 1, {
        metavalues: {},
        schedules: [
          {
            schedule_id: "sch",
            expiringOn: Date.now() + year,
            expiresOn: Date.now() + 2 * year,
            lastCompletedOn: Date.now(),
          },
        ],
      }),
    ),
  };
}
