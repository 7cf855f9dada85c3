import type { StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

// Each is one write of a schedule's writing statement (`name AS (...)`), beside its events
// and the write's answer. Migration 0015's triggers on `schedules` give the equipment its
// new `version` and its place in the changes feed: no writer sets either.

/** The stored fields of `schedule`, as typed parameters in `scheduleColumns`' order of the statements below. */
const values = (param: SqlParam, schedule: StoredSchedule) => [
  param(schedule.expiresOn, "bigint"),
  param(schedule.expiringOn, "bigint"),
  param(schedule.lastCompletedOn, "bigint"),
  param(schedule.interval, "text"),
  param(schedule.warning, "text"),
];

/**
 * A schedule the equipment did not have, as a write of the statement.
 *
 * @param param - adds a parameter to that statement
 * @param equipmentId - its equipment, read under the account's lock
 * @param schedule - the schedule as written
 */
export function insertScheduleSql(param: SqlParam, equipmentId: string, schedule: StoredSchedule): string {
  return `added_schedule AS (
     INSERT INTO schedules (equipment_id, schedule_id, expires_on, expiring_on, last_completed_on,
                            inspection_interval, expiry_warning)
     VALUES (${[param(equipmentId, "text"), param(schedule.schedule_id, "text"), ...values(param, schedule)].join(", ")})
   )`;
}

/**
 * A schedule's new rules and dates, as a write of the statement.
 *
 * @param param - adds a parameter to that statement
 * @param equipmentId - its equipment, read under the account's lock
 * @param schedule - the schedule as written
 */
export function updateScheduleSql(param: SqlParam, equipmentId: string, schedule: StoredSchedule): string {
  const [expiresOn, expiringOn, lastCompletedOn, interval, warning] = values(param, schedule);
  return `changed_schedule AS (
     UPDATE schedules SET expires_on = ${expiresOn}, expiring_on = ${expiringOn},
                          last_completed_on = ${lastCompletedOn},
                          inspection_interval = ${interval}, expiry_warning = ${warning}
      WHERE equipment_id = ${param(equipmentId, "text")} AND schedule_id = ${param(schedule.schedule_id, "text")}
   )`;
}

/**
 * A schedule removed, as a write of the statement. Its inspections stay: `inspections`
 * never referenced the schedule's row.
 *
 * @param param - adds a parameter to that statement
 * @param equipmentId - its equipment, read under the account's lock
 * @param scheduleId - the schedule
 */
export function deleteScheduleSql(param: SqlParam, equipmentId: string, scheduleId: string): string {
  return `removed_schedule AS (
     DELETE FROM schedules
      WHERE equipment_id = ${param(equipmentId, "text")} AND schedule_id = ${param(scheduleId, "text")}
   )`;
}
