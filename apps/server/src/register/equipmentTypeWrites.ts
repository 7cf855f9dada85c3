import { randomBytes } from "node:crypto";
import type { EquipmentType } from "@wsafe/schema";
import type { RecordEvent } from "../events/EventWriter.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/**
 * A new equipment type id: `et_` and 16 random hex digits. The caller names none: a sync
 * that retries does so with its `idempotency_key`, not by choosing the id.
 *
 * @example
 * newEquipmentTypeId(); // "et_4b8e2d6f1a9c3075"
 */
export const newEquipmentTypeId = () => `et_${randomBytes(8).toString("hex")}`;

/**
 * The type's row, as a write of the creation's writing statement.
 *
 * @param param - adds a parameter to that statement
 * @param accountId - the caller's account: the type's
 * @param type - the type as answered
 */
export function insertEquipmentTypeSql(param: SqlParam, accountId: string, type: EquipmentType): string {
  return `created_equipment_type AS (
     INSERT INTO equipment_types (id, account_id, name, metafields)
     VALUES (${param(type.id, "text")}, ${param(accountId, "text")}, ${param(type.name, "text")},
             ${param(JSON.stringify(type.metafields), "jsonb")})
   )`;
}

/**
 * The type's new name and metafields, as a write of the update's writing statement. The
 * row was read under the account's lock: it is the account's, and still there.
 *
 * @param param - adds a parameter to that statement
 * @param type - the type as answered
 */
export function updateEquipmentTypeSql(param: SqlParam, type: EquipmentType): string {
  return `updated_equipment_type AS (
     UPDATE equipment_types SET name = ${param(type.name, "text")},
                                metafields = ${param(JSON.stringify(type.metafields), "jsonb")}
      WHERE id = ${param(type.id, "text")}
   )`;
}

/**
 * The record event of a write of an equipment type: `equipmentType.created`, or
 * `equipmentType.updated` with the changed fields as they were. It concerns no equipment.
 *
 * @param accountId - the type's account
 * @param type - the type after the write, as answered
 * @param previous - on an update: each changed field (`name`, `metafields`) as it was
 * @example
 * equipmentTypeEvent("acc_1", type); // { type: "equipmentType.created", equipmentId: null, ... }
 */
export function equipmentTypeEvent(
  accountId: string,
  type: EquipmentType,
  previous?: Partial<Pick<EquipmentType, "name" | "metafields">>,
): RecordEvent {
  return {
    type: previous ? "equipmentType.updated" : "equipmentType.created",
    accountId,
    equipmentTypeId: type.id,
    equipmentId: null,
    record: type,
    ...(previous && { previousAttributes: previous }),
  };
}
