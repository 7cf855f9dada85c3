import { type EventType, equipmentFields } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import { equipmentRecordSql, schedulesCte } from "../store/queries/equipmentRecordSql.js";
import { equipmentTypeRecordSql } from "../store/queries/equipmentTypesSql.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import { eventIdSql } from "./eventRowSql.js";
import { type ChangeScope, changeTables } from "./statusChangesSql.js";

/**
 * The temporary tables of one set-based write's records before it (dropped at its commit):
 * the rows of the equipment it names that the store held, their schedules, and the rows of
 * the equipment types it names. Plain copies of the rows: the records (JSON) are built
 * after the write, and only for what it changed.
 */
export const recordTables = {
  equipments: "record_before_equipments",
  schedules: "record_before_schedules",
  types: "record_before_types",
} as const;

/**
 * The fields of a record that no write sets: the `version` the store makes and the
 * `status` its schedules give. A change is told by the other fields, and
 * `previous_attributes` holds none of these two.
 */
const notAttributes = ["status", "version"] as const;

/**
 * Keeps what a set-based write's scope holds before it, for {@link scopedRecordRowsSql} to
 * compare with after it: the equipment it names (when the store holds any of its scope:
 * `anyBefore`) with their schedules, and the equipment types it names.
 *
 * @param sql - the write's transaction
 * @param scope - what it names
 * @param anyBefore - whether the store held any equipment of the scope (`captureStatusesBefore`)
 */
export async function captureRecordsBefore(sql: Sql, scope: ChangeScope, anyBefore: boolean): Promise<void> {
  if (anyBefore) {
    await sql.query(
      `CREATE TEMP TABLE ${recordTables.equipments} ON COMMIT DROP AS
       SELECT e.* FROM equipments e WHERE e.id = ANY($1::text[])`,
      [scope.equipmentIds],
    );
    await sql.query(
      `CREATE TEMP TABLE ${recordTables.schedules} ON COMMIT DROP AS
       SELECT s.* FROM ${recordTables.equipments} b JOIN schedules s ON s.equipment_id = b.id`,
    );
  }
  await sql.query(
    `CREATE TEMP TABLE ${recordTables.types} ON COMMIT DROP AS
     SELECT t.* FROM equipment_types t WHERE t.id = ANY($1::text[])`,
    [scope.equipmentTypeIds],
  );
}

/**
 * Each field of `after` (a record's jsonb) whose value differs from `before`'s, with its
 * value in `before` (`null` where it had none); NULL when none differs.
 */
function changedAttributesSql(after: string, before: string): string {
  return `(SELECT jsonb_object_agg(k.key, coalesce(${before} -> k.key, 'null'::jsonb))
      FROM (SELECT jsonb_object_keys(${after}) UNION SELECT jsonb_object_keys(${before})) k (key)
     WHERE k.key NOT IN (${notAttributes.map((field) => `'${field}'`).join(", ")})
       AND (${after} -> k.key) IS DISTINCT FROM (${before} -> k.key))`;
}

/**
 * The records of the equipment rows `rows` (a CTE's name) with the schedules of `schedules`
 * (a table), as `equipments.list` renders them at `at`: rows of (id, account_id,
 * equipment_type_id, record).
 */
function equipmentRecordsSql(rows: string, schedules: string, at: string): string {
  return `(WITH ${schedulesCte(at, `FROM ${rows} o JOIN ${schedules} s ON s.equipment_id = o.id`)}
    SELECT e.id, e.account_id, e.equipment_type_id,
           (${equipmentRecordSql(equipmentFields, undefined)})::jsonb AS record
      FROM ${rows} e LEFT JOIN sc ON sc.equipment_id = e.id)`;
}

const created: EventType = "equipment.created";
const updated: EventType = "equipment.updated";
const typeCreated: EventType = "equipmentType.created";
const typeUpdated: EventType = "equipmentType.updated";

/**
 * The changes of a set-based write's records, as rows of (type, equipment_id, account_id,
 * equipment_type_id, record, previous_attributes): `equipment.created` for an equipment of
 * its scope the store did not hold, `equipment.updated` for one whose stored record it
 * changed (the store gave it a new version in this transaction: migration 0015's
 * `changed_in`), with the fields that differ as they were; `equipmentType.created` and
 * `equipmentType.updated` alike for the types it names.
 */
function recordChangesSql(at: string, anyBefore: boolean, typeIds: string): string {
  const changed = `SELECT e.* FROM ${changeTables.scope} i JOIN equipments e ON e.id = i.equipment_id
                    WHERE e.changed_in = txid_current()`;
  const before = anyBefore
    ? `SELECT b.* FROM ${recordTables.equipments} b JOIN changed c ON c.id = b.id`
    : "SELECT * FROM changed WHERE false";
  const schedulesBefore = anyBefore ? recordTables.schedules : "schedules";
  const typeRecord = (alias: string) => `${equipmentTypeRecordSql(alias)}::jsonb`;
  return `WITH changed AS MATERIALIZED (${changed}),
       changed_before AS MATERIALIZED (${before})
  SELECT CASE WHEN b.id IS NULL THEN '${created}' ELSE '${updated}' END AS type,
         a.id AS equipment_id, a.account_id, a.equipment_type_id, a.record,
         CASE WHEN b.id IS NOT NULL THEN ${changedAttributesSql("a.record", "b.record")} END AS previous_attributes
    FROM ${equipmentRecordsSql("changed", "schedules", at)} a
    LEFT JOIN ${equipmentRecordsSql("changed_before", schedulesBefore, at)} b ON b.id = a.id
  UNION ALL
  SELECT CASE WHEN b.id IS NULL THEN '${typeCreated}' ELSE '${typeUpdated}' END,
         NULL, t.account_id, t.id, ${typeRecord("t")},
         CASE WHEN b.id IS NOT NULL THEN ${changedAttributesSql(typeRecord("t"), typeRecord("b"))} END
    FROM equipment_types t LEFT JOIN ${recordTables.types} b ON b.id = t.id
   WHERE t.id = ANY(${typeIds}) AND (b.id IS NULL OR (t.name, t.metafields) IS DISTINCT FROM (b.name, b.metafields))`;
}

/** A set-based write's record events as event rows, and the order they are numbered in. */
export interface ScopedRecordRows {
  /** A `SELECT` of event rows read as `r`. */
  text: string;
  /** The ORDER BY list over `r`: the types' events first (a mirror meets a type before its equipment), then by equipment. */
  order: string;
}

/**
 * The record events of a set-based write (an import), as event rows. Inserted before its
 * status transitions (`scopedChangeRowsSql`), so that each comes before the statuses it
 * causes, as `eventTypeRules` orders them. An update that changed no field of the record
 * makes no event: each event is one version.
 *
 * @param param - adds a parameter
 * @param change - the write's cause and key, and what it names
 * @param instant - the write's instant (ms): the records' statuses are those at it
 * @param anyBefore - whether the store held any equipment of the scope before the write
 */
export function scopedRecordRowsSql(
  param: SqlParam,
  change: { cause: string; key: string; scope: ChangeScope },
  instant: number,
  anyBefore: boolean,
): ScopedRecordRows {
  const at = param(instant, "bigint");
  const cause = param(change.cause, "text");
  const key = param(change.key, "text");
  const typeIds = param(change.scope.equipmentTypeIds, "text[]");
  const id = eventIdSql([cause, key, "c.type", "c.equipment_id", "c.equipment_type_id"]);
  const text = `SELECT ${id} AS id, c.account_id, c.type, ${at} AS occurred_at, ${cause} AS cause,
              c.equipment_id, c.equipment_type_id, NULL::text AS schedule_id, NULL::text AS from_status,
              NULL::text AS to_status, NULL::text AS inspection_id, c.record, c.previous_attributes
         FROM (${recordChangesSql(at, anyBefore, typeIds)}) c
        WHERE c.type IN ('${created}', '${typeCreated}') OR c.previous_attributes IS NOT NULL`;
  return { text, order: "r.equipment_id NULLS FIRST, r.equipment_type_id" };
}
