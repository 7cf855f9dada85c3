import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

/**
 * An account of its own whose one harness turns expiring at `at`: what the deployment's
 * stream test watches every server record and send.
 *
 * @param token - the account's read token
 * @param at - the schedule's `expiringOn` (ms)
 */
export function streamDataset(token: string, at: number): DatasetInput {
  return {
    accounts: [{ id: "acc_deploy_stream", name: "Streamed" }],
    tokens: [{ token, account_id: "acc_deploy_stream" }],
    equipmentTypes: [
      { id: "et_deploy_stream", account_id: "acc_deploy_stream", name: "Harness", metafields: [] },
    ],
    equipments: [
      plainEquipment("eq_deploy_stream", "et_deploy_stream", 1, {
        metavalues: {},
        schedules: [
          {
            schedule_id: "sch",
            expiringOn: at,
            expiresOn: at + 86_400_000,
            lastCompletedOn: at - 86_400_000,
          },
        ],
      }),
    ],
  };
}
