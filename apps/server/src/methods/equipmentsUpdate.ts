import { checkRegisterParams } from "../register/equipmentRefusals.js";
import { answeringKeyRaces } from "../register/externalIdRace.js";
import { updateEquipment } from "../register/updateEquipment.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `equipments.update`: the rules no JSON Schema says first (a parameter check: before any
 * lookup), then the change in the write's transaction, answered `external_id_taken` should
 * another writer take the key it gives meanwhile (only with `id` does it give one).
 */
export const equipmentsUpdate: WriteHandler<"equipments.update"> = async (
  params,
  { token, now, services },
  transaction,
) => {
  checkRegisterParams("equipments.update", params);
  const accountId = token.accountId;
  const externalId = params.id === undefined ? undefined : params.external_id;
  return answeringKeyRaces(services.store.sql, { accountId, externalId }, () =>
    transaction((write) => updateEquipment(write, { accountId, params, now })),
  );
};
