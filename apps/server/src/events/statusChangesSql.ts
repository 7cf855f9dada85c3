import type { Sql } from "../store/database/Sql.js";
import { scheduleSeveritySql } from "../store/queries/equipmentRecordSql.js";
import { statusTypeColumnsSql } from "./eventTypes.js";

/**
 * The temporary tables of one write's status changes, made in its transaction and dropped
 * at its commit: the equipment it may change (`scope`), and their statuses before it
 * (`before`).
 */
export const changeTables = { scope: "change_scope", before: "change_before" } as const;

/**
 * Every schedule and equipment of the change's scope with its status at `instant`, as rows
 * of (type, type_order, equipment, schedule, account, equipment type, severity): the event
 * type of the row's subject and its numbering order (`statusTypeColumnsSql`), schedule
 * `''` on an equipment's row, whose severity is its schedules' worst (`uptodate` without
 * any: the outer join's empty row is left out, or the null dates of no schedule would read
 * as `expired`).
 *
 * @param instant - SQL of the instant (ms)
 */
export function statusesAtSql(instant: string): string {
  const scope = changeTables.scope;
  const severity = scheduleSeveritySql(instant);
  return `SELECT ${statusTypeColumnsSql("schedule")}, e.id AS equipment_id, s.schedule_id, e.account_id, e.equipment_type_id, ${severity} AS severity
  FROM ${scope} i JOIN equipments e ON e.id = i.equipment_id JOIN schedules s ON s.equipment_id = e.id
UNION ALL
SELECT ${statusTypeColumnsSql("equipment")}, e.id, '', e.account_id, e.equipment_type_id,
       coalesce(max(${severity}) FILTER (WHERE s.schedule_id IS NOT NULL), 0)
  FROM ${scope} i JOIN equipments e ON e.id = i.equipment_id LEFT JOIN schedules s ON s.equipment_id = e.id
 GROUP BY e.id, e.account_id, e.equipment_type_id`;
}

/**
 * The differences between the statuses kept before a write (`change_before`) and those at
 * `instant` after it, as rows of (type, type_order, equipment, schedule, account, equipment type,
 * severity_before, severity_at, removed). An equipment or schedule that appears has a null
 * `severity_before`; one that goes, a null `severity_at` and `removed`.
 *
 * @param instant - SQL of the instant (ms)
 * @param anyBefore - whether the scope held anything before the write: when it held
 *   nothing (a first load) every status appears, read straight from the statuses now, with
 *   no join against an empty side (which PostgreSQL sorted on disk: 400 000 rows for
 *   100 000 equipment)
 */
export function statusChangesSql(instant: string, anyBefore: boolean): string {
  if (!anyBefore)
    return `SELECT a.type, a.type_order, a.equipment_id, a.schedule_id, a.account_id, a.equipment_type_id,
              NULL::integer AS severity_before, a.severity AS severity_at, false AS removed
         FROM (${statusesAtSql(instant)}) a`;
  return `SELECT coalesce(a.type, b.type) AS type, coalesce(a.type_order, b.type_order) AS type_order, coalesce(a.equipment_id, b.equipment_id) AS equipment_id,
              coalesce(a.schedule_id, b.schedule_id) AS schedule_id,
              coalesce(a.account_id, b.account_id) AS account_id,
              coalesce(a.equipment_type_id, b.equipment_type_id) AS equipment_type_id,
              b.severity AS severity_before, a.severity AS severity_at, a.type IS NULL AS removed
         FROM ${changeTables.before} b
         FULL JOIN (${statusesAtSql(instant)}) a
           ON a.type = b.type AND a.equipment_id = b.equipment_id AND a.schedule_id = b.schedule_id
          AND a.account_id = b.account_id AND a.equipment_type_id = b.equipment_type_id
        WHERE a.severity IS DISTINCT FROM b.severity`;
}

/** What a set-based write may change the statuses of. */
export interface ChangeScope {
  /** The equipment it writes (their schedules included). */
  equipmentIds: readonly string[];
  /** The equipment types it writes: a type moved to another account takes its equipment along. */
  equipmentTypeIds: readonly string[];
}

/**
 * Keeps the statuses of a set-based write's scope at `instant` before it writes, in the
 * temporary tables of {@link changeTables} (dropped at the commit), for
 * {@link statusChangesSql} to compare with after it.
 *
 * @param sql - the write's transaction
 * @param scope - the equipment it may change
 * @param instant - the write's instant (ms)
 * @returns whether the scope held any status before the write
 */
export async function captureStatusesBefore(sql: Sql, scope: ChangeScope, instant: number): Promise<boolean> {
  await sql.query(
    `CREATE TEMP TABLE ${changeTables.scope} (equipment_id text COLLATE "C" PRIMARY KEY) ON COMMIT DROP`,
  );
  await sql.query(
    `INSERT INTO ${changeTables.scope}
     SELECT DISTINCT unnest($1::text[])
     UNION SELECT id FROM equipments WHERE equipment_type_id = ANY($2::text[])`,
    [scope.equipmentIds, scope.equipmentTypeIds],
  );
  await sql.query(
    `CREATE TEMP TABLE ${changeTables.before} ON COMMIT DROP AS ${statusesAtSql(`${instant}::bigint`)}`,
  );
  const [row] = await sql.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${changeTables.before}) AS any`,
  );
  return row?.any === true;
}
