import { randomUUID } from "node:crypto";
import {
  type EquipmentType,
  type EquipmentTypesUpdateResult,
  quoteInput,
  registerParamsProblem,
} from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { EventWriter } from "../events/EventWriter.js";
import {
  equipmentTypeReadSql,
  type MetafieldInUse,
  metafieldRecords,
  type ReadEquipmentType,
} from "../register/equipmentTypeRead.js";
import { equipmentTypeEvent, updateEquipmentTypeSql } from "../register/equipmentTypeWrites.js";
import type { WriteHandler } from "./WriteHandler.js";

type Changed = Partial<Pick<EquipmentType, "name" | "metafields">>;

/** The fields `after` changes, as they were in `before`; `undefined` when it changes none. */
function changedFields(before: EquipmentType, after: EquipmentType): Changed | undefined {
  const changed: Changed = {};
  if (after.name !== before.name) changed.name = before.name;
  // The list is the type's order: the same metafields in another order are a change.
  if (JSON.stringify(after.metafields) !== JSON.stringify(before.metafields))
    changed.metafields = before.metafields;
  return Object.keys(changed).length === 0 ? undefined : changed;
}

/** `metafield_in_use`: the metafield, the type, one equipment that sets it, and what to do. */
function metafieldInUse(typeId: string, { metafield, equipment }: MetafieldInUse): ApiError {
  const id = quoteInput(metafield);
  return new ApiError(
    "metafield_in_use",
    `metafield ${id} of equipment type ${quoteInput(typeId)} is set on equipment ${quoteInput(equipment)} (and maybe others): unset it there first (equipments.update with metavalues: { ${id}: null }), or keep it in metafields`,
  );
}

/**
 * `equipmentTypes.update`: the rules beyond the schema first, then, under the account's
 * event lock, one read of the type and of the first metafield it would remove while an
 * equipment sets it (refused: `metafield_in_use`, nothing changed). Only the fields sent
 * change; a request that changes nothing answers the type as it is and records no event.
 * Otherwise one statement updates the type, records `equipmentType.updated` with the
 * changed fields as they were, and keeps the answer under the key.
 */
export const equipmentTypesUpdate: WriteHandler<"equipmentTypes.update"> = async (
  params,
  { token, now },
  transaction,
) => {
  const problem = registerParamsProblem("equipmentTypes.update", params);
  if (problem) throw new ApiError(problem.error, problem.description);
  const { accountId } = token;
  const kept = params.metafields?.map((metafield) => metafield.id) ?? null;
  return transaction(async (write) => {
    const events = await EventWriter.open<ReadEquipmentType>(
      write,
      { accounts: [accountId], at: now },
      (param) => equipmentTypeReadSql(param, accountId, params.id, kept),
    );
    const found = events.read;
    if (!found) throw new ApiError("content_not_found", `equipment type not found: ${quoteInput(params.id)}`);
    if (found.in_use) throw metafieldInUse(found.id, found.in_use);
    const before: EquipmentType = {
      id: found.id,
      name: found.name,
      metafields: metafieldRecords(found.metafields),
    };
    const after: EquipmentType = {
      id: found.id,
      name: params.name ?? before.name,
      metafields: params.metafields ? metafieldRecords(params.metafields) : before.metafields,
    };
    const answer: EquipmentTypesUpdateResult = { ok: true, equipmentType: after };
    const previous = changedFields(before, after);
    // Nothing changes: no event; runWrite keeps the answer under the key all the same.
    if (previous === undefined) return answer;
    await events.record(
      {
        cause: "api",
        key: randomUUID(),
        equipment: [],
        records: [equipmentTypeEvent(accountId, after, previous)],
      },
      (param) => [updateEquipmentTypeSql(param, after), ...write.closingSql(param, answer)],
    );
    return answer;
  });
};
