import { equipmentRecordColumns, scheduleColumns } from "../store/queries/columns.js";
import type { EquipmentRow, StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/**
 * An equipment as a schedule's write reads it under its account's event lock: its row (the
 * columns of `equipmentRecordColumns`, `version` among them) and every schedule of it.
 */
export interface ScheduledEquipment extends EquipmentRow {
  equipment_type_id: string;
  version: number;
  /** In `schedule_id` order; empty when the equipment has none. */
  schedules: StoredSchedule[];
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
 * The statement (one row, or none when the equipment is not in the account's register)
 * that reads what `schedules.set` and `schedules.remove` compute from: see
 * {@link ScheduledEquipment}. The schedules' statuses before and after, the events and the
 * answer's record are all computed in JavaScript from this one row; the answer's `version`
 * is the one read plus one (the write's change makes exactly one, migration 0015).
 *
 * @param param - adds a parameter
 * @param accountId - the caller's account
 * @param equipmentId - the equipment, a text the database can hold
 * @example
 * await EventWriter.open<ScheduledEquipment>(write, scope, (param) => scheduledEquipmentSql(param, accountId, "eq_1"));
 */
export function scheduledEquipmentSql(param: SqlParam, accountId: string, equipmentId: string): string {
  return `SELECT ${equipmentColumnList},
            coalesce((SELECT json_agg(${scheduleObject} ORDER BY s.schedule_id)
                        FROM schedules s WHERE s.equipment_id = e.id), '[]'::json) AS schedules
       FROM equipments e
      WHERE e.id = ${param(equipmentId, "text")} AND e.account_id = ${param(accountId, "text")}`;
}
