import { createEquipment } from "../register/createEquipment.js";
import { checkRegisterParams } from "../register/equipmentRefusals.js";
import { answeringKeyRaces } from "../register/externalIdRace.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `equipments.create`: the rules no JSON Schema says first (a parameter check: before any
 * lookup), then the creation in the write's transaction, answered `external_id_taken`
 * should another writer take its key meanwhile.
 */
export const equipmentsCreate: WriteHandler<"equipments.create"> = async (
  params,
  { token, now, services },
  transaction,
) => {
  checkRegisterParams("equipments.create", params);
  const accountId = token.accountId;
  return answeringKeyRaces(services.store.sql, { accountId, externalId: params.external_id }, () =>
    transaction((write) => createEquipment(write, { accountId, params, now })),
  );
};
