import { equipmentRecordColumns, scheduleColumns } from "../store/queries/columns.js";
import type { EquipmentRow, StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/**
 * The equipment an inspection is for, as the recording reads it under its account's
 * event lock: its row (the columns of `equipmentRecordColumns`), every schedule of it, the
 * `performed_at` of the latest inspection recorded of the inspected schedule, and whether
 * the inspector is a user of the account.
 */
export interface InspectedEquipment extends EquipmentRow {
  equipment_type_id: string;
  serial_number: string;
  /** In `schedule_id` order; empty when the equipment has none. */
  schedules: StoredSchedule[];
  latest_performed_at: string | null;
  inspector_known: boolean;
}

/** The equipment's stored fields, bigint ones as text (what a driver does with them differs). */
const equipmentColumnList = Object.values(equipmentRecordColumns)
  .map(({ column, type }) => (type === "bigint" ? `e.${column}::text AS ${column}` : `e.${column}`))
  .join(", ");

/** A schedule row as a JSON object of its stored fields, keyed by the schema's names. */
const scheduleObject = `json_build_object(${Object.entries(scheduleColumns)
  .map(([field, { column }]) => `'${field}', s.${column}`)
  .join(", ")})`;

/**
 * The statement (one row, or none when the equipment is not one of the account's) that
 * reads what an inspection needs of its equipment: see {@link InspectedEquipment}. It is
 * everything the recording computes from: the schedule's next dates, the statuses before
 * and after (its events) and the answer's equipment record, all in JavaScript.
 *
 * @param param - adds a parameter
 * @param accountId - the caller's account
 * @param ids - the request's equipment, schedule and inspector, each a text the database
 *   can hold
 */
export function inspectedEquipmentSql(
  param: SqlParam,
  accountId: string,
  ids: { equipment_id: string; schedule_id: string; inspector_id: string },
): string {
  const account = param(accountId, "text");
  const equipment = param(ids.equipment_id, "text");
  return `SELECT ${equipmentColumnList},
            coalesce((SELECT json_agg(${scheduleObject} ORDER BY s.schedule_id)
                        FROM schedules s WHERE s.equipment_id = e.id), '[]'::json) AS schedules,
            (SELECT max(i.performed_at) FROM inspections i
              WHERE i.equipment_id = e.id AND i.schedule_id = ${param(ids.schedule_id, "text")})::text AS latest_performed_at,
            EXISTS (SELECT 1 FROM users u
                     WHERE u.id = ${param(ids.inspector_id, "text")} AND u.account_id = ${account}) AS inspector_known
       FROM equipments e
      WHERE e.id = ${equipment} AND e.account_id = ${account}`;
}
