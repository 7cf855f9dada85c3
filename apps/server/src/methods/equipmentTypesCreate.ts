import { type EquipmentType, type EquipmentTypesCreateResult, registerParamsProblem } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { EventWriter } from "../events/EventWriter.js";
import { metafieldRecords } from "../register/equipmentTypeRead.js";
import {
  equipmentTypeEvent,
  insertEquipmentTypeSql,
  newEquipmentTypeId,
} from "../register/equipmentTypeWrites.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `equipmentTypes.create`: the rules beyond the schema first (each metafield id once, no
 * U+0000), then, under the account's event lock, one statement that inserts the type, its
 * `equipmentType.created` event and the write's answer under its key. The id is the
 * service's (`et_` and 16 hex digits), and the write's key for its event.
 */
export const equipmentTypesCreate: WriteHandler<"equipmentTypes.create"> = async (
  params,
  { token, now },
  transaction,
) => {
  const problem = registerParamsProblem("equipmentTypes.create", params);
  if (problem) throw new ApiError(problem.error, problem.description);
  const { accountId } = token;
  return transaction(async (write) => {
    const events = await EventWriter.open(write, { accounts: [accountId], at: now });
    const equipmentType: EquipmentType = {
      id: newEquipmentTypeId(),
      name: params.name,
      metafields: metafieldRecords(params.metafields),
    };
    const answer: EquipmentTypesCreateResult = { ok: true, equipmentType };
    await events.record(
      {
        cause: "api",
        key: equipmentType.id,
        equipment: [],
        records: [equipmentTypeEvent(accountId, equipmentType)],
      },
      (param) => [
        insertEquipmentTypeSql(param, accountId, equipmentType),
        ...write.closingSql(param, answer),
      ],
    );
    return answer;
  });
};
