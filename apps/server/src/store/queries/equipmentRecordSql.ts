import { type EquipmentField, type Status, scheduleStatusRules, statusesBySeverity } from "@wsafe/schema";
import { equipmentRecordColumns, scheduleColumns } from "./columns.js";

/**
 * The contract's statuses by severity, from the schema (`statusesBySeverity`): the SQL
 * computes a severity per schedule (the worst one is the equipment's) and names it
 * from this array, so the names and their order come from the schema alone.
 */
export const statusArraySql = `(ARRAY[${statusesBySeverity.map((status) => `'${status}'`).join(",")}])`;

/** The severity of a status: its index in `statusesBySeverity`. */
export const severityOf = (status: Status) => statusesBySeverity.indexOf(status);

/**
 * A stored field's JSON text as SQL: `"name":value`. Numbers and JSON columns are
 * their own text; strings and booleans go through `to_json` for quoting. A NULL (no
 * `clients_id`, no `title`) stays NULL, so concat_ws leaves the field out.
 */
function storedFieldSql(field: keyof typeof equipmentRecordColumns): string {
  const { column, type } = equipmentRecordColumns[field];
  const value = type === "text" || type === "boolean" ? `to_json(e.${column})::text` : `e.${column}::text`;
  return `'${JSON.stringify(field)}:' || ${value}`;
}

// The JSON text of each field, in the canonical order of the equipment record, from
// the alias `e` (the equipment) and `sc` (its schedules: `worst`, `list`). Building the
// text in SQL keeps 50 000 records from becoming 50 000 JavaScript objects only to be
// serialised again.
const fieldSql: Record<EquipmentField, (nulls: NullMetafieldsSql | undefined) => string> = {
  ...(Object.fromEntries(
    (Object.keys(equipmentRecordColumns) as (keyof typeof equipmentRecordColumns)[]).map((field) => [
      field,
      () => storedFieldSql(field),
    ]),
  ) as Record<keyof typeof equipmentRecordColumns, () => string>),
  // jsonb `||` keeps the right side's value for a key both sides have: set values win over
  // nulls. Where no null is to be added (none asked for, or the record sets every one of
  // them) the column is its own text: `||` would only rebuild each value.
  metavalues: (nulls) => {
    const column = `e.${equipmentRecordColumns.metavalues.column}`;
    if (!nulls) return `'"metavalues":' || ${column}::text`;
    return `'"metavalues":' || (CASE WHEN ${column} ?& ${nulls.keys} THEN ${column} ELSE ${nulls.object} || ${column} END)::text`;
  },
  status: () => `'"status":' || to_json(${statusArraySql}[coalesce(sc.worst, 0) + 1])::text`,
  schedules: () => `'"schedules":' || coalesce(sc.list::text, '[]')`,
};

/** The metafields to show as null when a record leaves them unset, as SQL parameters. */
export interface NullMetafieldsSql {
  /** A jsonb object of those metafields, each `null`. */
  object: string;
  /** A `text[]` of their ids. */
  keys: string;
}

/**
 * One equipment record's JSON text as SQL, with exactly the given fields in canonical
 * order: `'{' || concat_ws(',', ...) || '}'`.
 *
 * @param fields - the fields, in canonical order
 * @param nulls - the unset metafields to show as null, if `metavalues` is asked for and
 *   some are to be shown; absent: none
 */
export function equipmentRecordSql(
  fields: readonly EquipmentField[],
  nulls: NullMetafieldsSql | undefined,
): string {
  return `'{' || concat_ws(',',
    ${fields.map((field) => fieldSql[field](nulls)).join(",\n    ")}) || '}'`;
}

/** A schedule column of the alias `s`, by the schema's field name. */
const scheduleColumn = (field: keyof typeof scheduleColumns) => `s.${scheduleColumns[field].column}`;

/**
 * The schema's `scheduleStatusRules` as one SQL CASE giving the severity (the index in
 * `statusesBySeverity`) of the schedule `s` at `now`: the first rule that holds wins. A
 * date compared with `>=` is NULL when the date is NULL, so a null date is never reached.
 *
 * @param now - the SQL expression of the evaluation instant
 */
export function scheduleSeveritySql(now: string): string {
  const branches = scheduleStatusRules.map(({ status, when }) => {
    if ("otherwise" in when) return `ELSE ${severityOf(status)}`;
    const condition =
      "anyNull" in when
        ? when.anyNull.map((field) => `${scheduleColumn(field)} IS NULL`).join(" OR ")
        : `${now} >= ${scheduleColumn(when.reached)}`;
    return `WHEN ${condition} THEN ${severityOf(status)}`;
  });
  return `CASE ${branches.join(" ")} END`;
}

/**
 * The CTE `sc` of the schedules of a set of equipment in one grouped pass (a hash join,
 * not one probe per equipment): per equipment its worst severity and its schedules'
 * JSON text in `schedule_id` order.
 *
 * The order comes from the sorted subquery, not from `string_agg(... ORDER BY ...)`:
 * before PostgreSQL 16 an aggregate's own ORDER BY sorts every group apart (50 000
 * small sorts for a 50 000-record type, a third of the statement's time in
 * `EXPLAIN ANALYZE`). A subquery with ORDER BY is never pulled up into its parent and
 * has no partial (parallel) plan, so the grouping above it reads its rows in that
 * order on every version; `storesDifferential` and `equipmentsStream` check the text.
 *
 * @param now - the SQL expression of the evaluation instant
 * @param from - the FROM clause over `schedules s` that picks the equipment's schedules
 */
export function schedulesCte(now: string, from: string): string {
  return `sc AS (
  SELECT x.equipment_id, max(x.severity) AS worst,
         '[' || string_agg('{"schedule_id":' || to_json(x.schedule_id)::text
           || ',"status":"' || ${statusArraySql}[x.severity + 1]
           || '","expiresOn":' || coalesce(x.expires_on::text, 'null')
           || ',"expiringOn":' || coalesce(x.expiring_on::text, 'null')
           || ',"lastCompletedOn":' || coalesce(x.last_completed_on::text, 'null')
           || coalesce(',"interval":' || to_json(x.inspection_interval)::text, '')
           || coalesce(',"warning":' || to_json(x.expiry_warning)::text, '') || '}',
           ',') || ']' AS list
  FROM (
    SELECT s.equipment_id, ${scheduleColumn("schedule_id")} AS schedule_id,
           ${scheduleColumn("expiresOn")} AS expires_on, ${scheduleColumn("expiringOn")} AS expiring_on,
           ${scheduleColumn("lastCompletedOn")} AS last_completed_on,
           ${scheduleColumn("interval")} AS inspection_interval, ${scheduleColumn("warning")} AS expiry_warning,
           ${scheduleSeveritySql(now)} AS severity
      ${from}
     ORDER BY s.equipment_id, ${scheduleColumn("schedule_id")}
  ) x
  GROUP BY x.equipment_id
)`;
}
