import {
  type Equipment,
  equipmentFields,
  equipmentStatusOf,
  type Schedule,
  scheduleStatusAt,
} from "@wsafe/schema";
import { equipmentRecordColumns } from "./columns.js";

/** A stored equipment row, keyed by column (`equipmentRecordColumns`); bigint columns as text or number. */
export type EquipmentRow = Readonly<Record<string, unknown>>;

/**
 * A schedule as stored (the fields of `scheduleColumns`, dates as numbers, `null` where
 * the column is), as a writer holds it after reading it and before or after changing it.
 */
export interface StoredSchedule {
  schedule_id: string;
  expiresOn: number | null;
  expiringOn: number | null;
  lastCompletedOn: number | null;
  interval: string | null;
  warning: string | null;
}

/**
 * A schedule's record at `at`: its status by the schema's rules (`scheduleStatusAt`),
 * its dates, and its `interval` and `warning` where it has them.
 */
export function scheduleRecordAt(schedule: StoredSchedule, at: number): Schedule {
  return {
    schedule_id: schedule.schedule_id,
    status: scheduleStatusAt(schedule, at),
    expiresOn: schedule.expiresOn,
    expiringOn: schedule.expiringOn,
    lastCompletedOn: schedule.lastCompletedOn,
    ...(schedule.interval === null ? {} : { interval: schedule.interval }),
    ...(schedule.warning === null ? {} : { warning: schedule.warning }),
  };
}

/**
 * One equipment's record with every field, as `equipments.list` answers it, built in
 * JavaScript from rows a writer has already read: the JavaScript twin of
 * `equipmentRecordSql` (every field, no null metavalues added), made from the same
 * column map and the schema's status rules, and tested against it field for field
 * (`equipmentRecordOfRows.test.ts`). A writer that knows its rows answers without
 * another statement (for `inspections.record` the record's statement was 1.4 ms of
 * 13, PGlite, issue 38).
 *
 * As in SQL, a column that is NULL leaves its field out.
 *
 * @param row - the equipment's row, keyed by column
 * @param schedules - its schedules, in `schedule_id` order
 * @param at - the instant statuses are computed at (ms)
 */
export function equipmentRecordOfRows(
  row: EquipmentRow,
  schedules: readonly StoredSchedule[],
  at: number,
): Equipment {
  const records = schedules.map((schedule) => scheduleRecordAt(schedule, at));
  const record: Record<string, unknown> = {};
  for (const field of equipmentFields) {
    if (field === "status") record.status = equipmentStatusOf(records.map((schedule) => schedule.status));
    else if (field === "schedules") record.schedules = records;
    else {
      const { column, type } = equipmentRecordColumns[field];
      const value = row[column];
      if (value === null || value === undefined) continue;
      record[field] = type === "bigint" || type === "integer" ? Number(value) : value;
    }
  }
  return record as Equipment;
}
