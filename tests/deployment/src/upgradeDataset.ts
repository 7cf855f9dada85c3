// The account the upgrade test writes to through the proxy: one harness per write, each
// expired a year ago, so that a passed inspection turns it up to date (two events: the
// schedule's status and the harness's). Written as an import file, for the `wsafe import`
// of whichever version makes the database.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { plainEquipment } from "@wsafe/test-support";

/** The ids of the upgrade scene. */
export const upgradeScene = {
  account: "acc_deploy_upgrade",
  /** Read and write: writes, and the stream read afterwards. */
  token: "deploy-upgrade-write-0000000000",
  inspector: "u_deploy_upgrade",
  type: "et_deploy_upgrade",
  schedule: "s",
} as const;

const day = 86_400_000;

/** The harnesses of one part of the test: `count` of them, named after `part`. */
export function upgradeEquipment(part: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => `eq_upg_${part}_${n}`);
}

/**
 * Writes the scene's dataset into `dir` and answers the file's path.
 *
 * @param dir - a scratch folder
 * @param equipment - every harness of the test
 * @param now - the test's clock (ms): the harnesses expired a year before it
 */
export async function writeUpgradeDataset(
  dir: string,
  equipment: readonly string[],
  now: number,
): Promise<string> {
  const { account, token, inspector, type, schedule } = upgradeScene;
  const dataset = {
    accounts: [{ id: account, name: "Upgraded" }],
    tokens: [{ token, account_id: account, permissions: ["read", "write"] }],
    users: [{ id: inspector, account_id: account, name: "Ada Inspector" }],
    equipmentTypes: [{ id: type, account_id: account, name: "Harness", metafields: [] }],
    equipments: equipment.map((id, n) =>
      plainEquipment(id, type, n + 1, {
        schedules: [
          {
            schedule_id: schedule,
            expiringOn: now - 400 * day,
            expiresOn: now - 365 * day,
            lastCompletedOn: now - 730 * day,
          },
        ],
      }),
    ),
  };
  const file = join(dir, "upgrade-dataset.json");
  await writeFile(file, JSON.stringify(dataset));
  return file;
}
