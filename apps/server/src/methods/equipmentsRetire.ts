import { checkRegisterParams } from "../register/equipmentRefusals.js";
import { retireEquipment } from "../register/retireEquipment.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `equipments.retire`: the rules no JSON Schema says first (`id` or `external_id`, not
 * both: a parameter check, before any lookup), then the retirement in the write's
 * transaction.
 */
export const equipmentsRetire: WriteHandler<"equipments.retire"> = async (
  params,
  { token, now },
  transaction,
) => {
  checkRegisterParams("equipments.retire", params);
  return transaction((write) => retireEquipment(write, { accountId: token.accountId, params, now }));
};
