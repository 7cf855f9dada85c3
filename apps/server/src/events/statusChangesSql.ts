import { scheduleSeveritySql } from "../store/queries/equipmentRecordSql.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import { eventKinds } from "./eventRowSql.js";

/**
 * The temporary tables of one write's status changes, made in its transaction and dropped
 * at its commit: the equipment it may change (`scope`), and their statuses before it
 * (`before`).
 */
export const changeTables = { scope: "change_scope", before: "change_before" } as const;

/**
 * Every schedule and equipment of the change's scope with its status at `instant`, as rows
 * of (kind, equipment, schedule, account, type, severity): kind as `eventKinds`, schedule
 * `''` on an equipment's row, whose severity is its schedules' worst (`uptodate` without
 * any: the outer join's empty row is left out, or the null dates of no schedule would read
 * as `expired`).
 *
 * @param instant - SQL of the instant (ms)
 * @param scope - the equipment ids, a table or subquery of `equipment_id` (default the
 *   `change_scope` table)
 */
export function statusesAtSql(instant: string, scope: string = changeTables.scope): string {
  const severity = scheduleSeveritySql(instant);
  return `SELECT ${eventKinds["schedule.status_changed"]} AS kind, e.id AS equipment_id, s.schedule_id, e.account_id, e.equipment_type_id, ${severity} AS severity
  FROM ${scope} i JOIN equipments e ON e.id = i.equipment_id JOIN schedules s ON s.equipment_id = e.id
UNION ALL
SELECT ${eventKinds["equipment.status_changed"]}, e.id, '', e.account_id, e.equipment_type_id,
       coalesce(max(${severity}) FILTER (WHERE s.schedule_id IS NOT NULL), 0)
  FROM ${scope} i JOIN equipments e ON e.id = i.equipment_id LEFT JOIN schedules s ON s.equipment_id = e.id
 GROUP BY e.id, e.account_id, e.equipment_type_id`;
}

/** One row of {@link statusesAtSql}, as read back. */
export interface StatusRow {
  kind: number;
  equipment_id: string;
  schedule_id: string;
  account_id: string;
  equipment_type_id: string;
  severity: number;
}

/**
 * A write's scope as a subquery of its parameters (rather than the `change_scope` table):
 * the equipment named, and those of the types named.
 *
 * @param param - adds a parameter
 * @param scope - the ids
 */
export const scopeOfParamsSql = (
  param: SqlParam,
  scope: { equipmentIds: readonly string[]; equipmentTypeIds: readonly string[] },
) =>
  `(SELECT DISTINCT unnest(${param(scope.equipmentIds, "text[]")}) COLLATE "C" AS equipment_id
     UNION SELECT id FROM equipments WHERE equipment_type_id = ANY(${param(scope.equipmentTypeIds, "text[]")}))`;

/**
 * Statuses read before a write, as a subquery of parameters (rather than the
 * `change_before` table), in the columns of {@link statusesAtSql}.
 *
 * @param param - adds a parameter
 * @param rows - the statuses read
 */
export const statusesOfParamsSql = (param: SqlParam, rows: readonly StatusRow[]) =>
  `(SELECT b.kind, b.equipment_id COLLATE "C" AS equipment_id, b.schedule_id COLLATE "C" AS schedule_id,
           b.account_id COLLATE "C" AS account_id, b.equipment_type_id COLLATE "C" AS equipment_type_id, b.severity
      FROM unnest(${param(
        rows.map((r) => r.kind),
        "integer[]",
      )}, ${param(
        rows.map((r) => r.equipment_id),
        "text[]",
      )}, ${param(
        rows.map((r) => r.schedule_id),
        "text[]",
      )}, ${param(
        rows.map((r) => r.account_id),
        "text[]",
      )}, ${param(
        rows.map((r) => r.equipment_type_id),
        "text[]",
      )}, ${param(
        rows.map((r) => r.severity),
        "integer[]",
      )}) AS b (kind, equipment_id, schedule_id, account_id, equipment_type_id, severity))`;

/**
 * The differences between the statuses kept before a write (`change_before`) and those at
 * `instant` after it, as rows of (kind, equipment, schedule, account, type,
 * severity_before, severity_at, removed). An equipment or schedule that appears has a null
 * `severity_before`; one that goes, a null `severity_at` and `removed`.
 *
 * @param instant - SQL of the instant (ms)
 * @param anyBefore - whether the scope held anything before the write: when it held
 *   nothing (a first load) every status appears, read straight from the statuses now, with
 *   no join against an empty side (which PostgreSQL sorted on disk: 400 000 rows for
 *   100 000 equipment)
 * @param sources - where the scope and the statuses before are (default the tables)
 */
export function statusChangesSql(
  instant: string,
  anyBefore: boolean,
  sources: { scope: string; before: string } = changeTables,
): string {
  if (!anyBefore)
    return `SELECT a.kind, a.equipment_id, a.schedule_id, a.account_id, a.equipment_type_id,
              NULL::integer AS severity_before, a.severity AS severity_at, false AS removed
         FROM (${statusesAtSql(instant, sources.scope)}) a`;
  return `SELECT coalesce(a.kind, b.kind) AS kind, coalesce(a.equipment_id, b.equipment_id) AS equipment_id,
              coalesce(a.schedule_id, b.schedule_id) AS schedule_id,
              coalesce(a.account_id, b.account_id) AS account_id,
              coalesce(a.equipment_type_id, b.equipment_type_id) AS equipment_type_id,
              b.severity AS severity_before, a.severity AS severity_at, a.kind IS NULL AS removed
         FROM ${sources.before} b
         FULL JOIN (${statusesAtSql(instant, sources.scope)}) a
           ON a.kind = b.kind AND a.equipment_id = b.equipment_id AND a.schedule_id = b.schedule_id
          AND a.account_id = b.account_id AND a.equipment_type_id = b.equipment_type_id
        WHERE a.severity IS DISTINCT FROM b.severity`;
}
