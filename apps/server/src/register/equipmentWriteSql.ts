import type { Equipment } from "@wsafe/schema";
import { equipmentRecordColumns } from "../store/queries/columns.js";
import type { EquipmentRow, StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

// The writes of equipments.create, update and retire, each a data-modifying statement
// (`name AS (...)`) of the event writer's one statement. None sets `version` or
// `change_seq`: migration 0015's triggers keep them for every writer (databaseTriggers).

/** A field a register write sets: every stored one but `version`. */
type WrittenField = Exclude<keyof typeof equipmentRecordColumns, "version">;

const writtenFields = (Object.keys(equipmentRecordColumns) as (keyof typeof equipmentRecordColumns)[]).filter(
  (field): field is WrittenField => field !== "version",
);

/** A field's value in `row` as a typed parameter; a JSON column's as its text, NULL as NULL. */
function valueSql(param: SqlParam, row: EquipmentRow, field: WrittenField): string {
  const { column, type } = equipmentRecordColumns[field];
  const value = row[column] ?? null;
  return param(type === "jsonb" && value !== null ? JSON.stringify(value) : value, type);
}

/**
 * Inserts a new equipment: every field of `row` (keyed by column) and its account.
 *
 * @param param - adds a parameter
 * @param accountId - its account (its type's)
 * @param row - its stored fields, keyed by column
 */
export function insertEquipmentSql(param: SqlParam, accountId: string, row: EquipmentRow): string {
  const columns = writtenFields.map((field) => equipmentRecordColumns[field].column);
  const values = writtenFields.map((field) => valueSql(param, row, field));
  return `created_equipment AS (
     INSERT INTO equipments (account_id, ${columns.join(", ")})
     VALUES (${param(accountId, "text")}, ${values.join(", ")})
   )`;
}

/**
 * Inserts an equipment's schedules: one array parameter per column, whatever their number
 * (none inserts nothing), so the statement's text is the same for every create.
 *
 * @param param - adds a parameter
 * @param equipmentId - their equipment
 * @param schedules - its schedules
 */
export function insertSchedulesSql(
  param: SqlParam,
  equipmentId: string,
  schedules: readonly StoredSchedule[],
): string {
  const column = <T>(read: (schedule: StoredSchedule) => T, type: string) =>
    param(schedules.map(read), `${type}[]`);
  return `created_schedules AS (
     INSERT INTO schedules (equipment_id, schedule_id, expires_on, expiring_on, last_completed_on,
                            inspection_interval, expiry_warning)
     SELECT ${param(equipmentId, "text")}, s.* FROM unnest(${[
       column((s) => s.schedule_id, "text"),
       column((s) => s.expiresOn, "bigint"),
       column((s) => s.expiringOn, "bigint"),
       column((s) => s.lastCompletedOn, "bigint"),
       column((s) => s.interval, "text"),
       column((s) => s.warning, "text"),
     ].join(", ")}) AS s
   )`;
}

/**
 * Writes an equipment's fields as `row` holds them (every one but `id` and `created`,
 * which never change): one text for every update, whatever it changes. The trigger makes
 * the new version, once per transaction.
 *
 * @param param - adds a parameter
 * @param row - the equipment's stored fields after the change, keyed by column
 */
export function updateEquipmentSql(param: SqlParam, row: EquipmentRow): string {
  const set = writtenFields
    .filter((field) => field !== "id" && field !== "created")
    .map((field) => `${equipmentRecordColumns[field].column} = ${valueSql(param, row, field)}`);
  return `updated_equipment AS (
     UPDATE equipments SET ${set.join(", ")}
      WHERE id = ${valueSql(param, row, "id")}
   )`;
}

/**
 * Takes an equipment out of the register: its row goes (its schedules with it), so every
 * list, status and time transition forgets it, and `retired_equipments` keeps the answer
 * of its retirement, which a repeat answers again and `equipments.changes` reports as a
 * removal. Its `external_id` is free from this statement on. An id retired before (an
 * import may make an equipment of a retired id again) keeps only its last retirement.
 *
 * @param param - adds a parameter
 * @param accountId - its account
 * @param equipment - the record as the retirement answers it
 * @param retiredAt - the retirement's instant (ms)
 */
export function retireEquipmentSql(
  param: SqlParam,
  accountId: string,
  equipment: Equipment,
  retiredAt: number,
): string[] {
  const id = param(equipment.id, "text");
  return [
    `retired_row AS (DELETE FROM equipments WHERE id = ${id})`,
    `retired_record AS (
       INSERT INTO retired_equipments (id, account_id, external_id, retired_at, equipment)
       VALUES (${id}, ${param(accountId, "text")}, ${param(equipment.external_id ?? null, "text")},
               ${param(retiredAt, "bigint")}, ${param(JSON.stringify(equipment), "jsonb")})
       ON CONFLICT (id) DO UPDATE
         SET account_id = excluded.account_id, external_id = excluded.external_id,
             retired_at = excluded.retired_at, equipment = excluded.equipment,
             change_seq = nextval('equipment_change_seq')
     )`,
  ];
}
