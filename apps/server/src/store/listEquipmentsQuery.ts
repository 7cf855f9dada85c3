import { type EquipmentField, type Status, scheduleStatusRules, statusesBySeverity } from "@wsafe/schema";
import { equipmentColumns, scheduleColumns } from "./columns.js";

/**
 * The contract's statuses by severity, from the schema (`statusesBySeverity`): the SQL
 * computes a severity per schedule (the worst one is the equipment's) and names it
 * from this array, so the names and their order come from the schema alone.
 */
const statusArraySql = `(ARRAY[${statusesBySeverity.map((status) => `'${status}'`).join(",")}])`;

/** What `equipments.list` asks of the store, after its parameters were checked. */
export interface ListEquipmentsInput {
  /** The equipment type, already known to belong to the caller's account. */
  equipmentTypeId: string;
  /** The fields to return, in canonical order. */
  fields: readonly EquipmentField[];
  /** `true` in service only, `false` out of service only, `null` both. */
  inService: boolean | null;
  /** Metafield ids to show as `null` when a record leaves them unset. */
  nullMetafields: readonly string[];
  /** The instant statuses are computed at (ms since the epoch). */
  now: number;
}

/**
 * A stored field's JSON text as SQL: `"name":value`. Numbers and JSON columns are
 * their own text; strings and booleans go through `to_json` for quoting. A NULL (no
 * `clients_id`, no `title`) stays NULL, so concat_ws leaves the field out.
 */
function storedFieldSql(field: keyof typeof equipmentColumns): string {
  const { column, type } = equipmentColumns[field];
  const value = type === "text" || type === "boolean" ? `to_json(e.${column})::text` : `e.${column}::text`;
  return `'${JSON.stringify(field)}:' || ${value}`;
}

// The JSON text of each field, in the canonical order of the equipment record.
// Building the text in SQL keeps 50 000 records from becoming 50 000 JavaScript
// objects only to be serialised again.
const fieldSql: Record<EquipmentField, (nulls: string) => string> = {
  ...(Object.fromEntries(
    (Object.keys(equipmentColumns) as (keyof typeof equipmentColumns)[]).map((field) => [
      field,
      () => storedFieldSql(field),
    ]),
  ) as Record<keyof typeof equipmentColumns, () => string>),
  // jsonb `||` keeps the right side's value for a key both sides have: set values win over nulls.
  metavalues: (nulls) => `'"metavalues":' || (${nulls} || e.${equipmentColumns.metavalues.column})::text`,
  status: () => `'"status":' || to_json(${statusArraySql}[coalesce(sc.worst, 0) + 1])::text`,
  schedules: () => `'"schedules":' || coalesce(sc.list::text, '[]')`,
};

/** A schedule column of the alias `s`, by the schema's field name. */
const scheduleColumn = (field: keyof typeof scheduleColumns) => `s.${scheduleColumns[field].column}`;

/**
 * The schema's `scheduleStatusRules` as one SQL CASE giving the severity (the index in
 * `statusesBySeverity`) of a schedule at `now`: the first rule that holds wins. A date
 * compared with `>=` is NULL when the date is NULL, so a null date is never reached.
 *
 * @param now - the SQL expression of the evaluation instant
 */
export function scheduleSeveritySql(now: string): string {
  const severity = (status: Status) => statusesBySeverity.indexOf(status);
  const branches = scheduleStatusRules.map(({ status, when }) => {
    if ("otherwise" in when) return `ELSE ${severity(status)}`;
    const condition =
      "anyNull" in when
        ? when.anyNull.map((field) => `${scheduleColumn(field)} IS NULL`).join(" OR ")
        : `${now} >= ${scheduleColumn(when.reached)}`;
    return `WHEN ${condition} THEN ${severity(status)}`;
  });
  return `CASE ${branches.join(" ")} END`;
}

// The schedules of every listed equipment in one grouped pass (a hash join, not one
// index probe per equipment), their JSON written as text like the records'.
const schedulesCte = (typeId: string, now: string, serviceFilter: string) => `WITH sc AS (
  SELECT x.equipment_id, max(x.severity) AS worst,
         '[' || string_agg('{"schedule_id":' || to_json(x.schedule_id)::text
           || ',"status":"' || ${statusArraySql}[x.severity + 1]
           || '","expiresOn":' || coalesce(x.expires_on::text, 'null')
           || ',"expiringOn":' || coalesce(x.expiring_on::text, 'null')
           || ',"lastCompletedOn":' || coalesce(x.last_completed_on::text, 'null') || '}',
           ',' ORDER BY x.schedule_id) || ']' AS list
  FROM (
    SELECT s.equipment_id, ${scheduleColumn("schedule_id")} AS schedule_id,
           ${scheduleColumn("expiresOn")} AS expires_on, ${scheduleColumn("expiringOn")} AS expiring_on,
           ${scheduleColumn("lastCompletedOn")} AS last_completed_on,
           ${scheduleSeveritySql(now)} AS severity
      FROM schedules s JOIN equipments se ON se.id = s.equipment_id
     WHERE se.equipment_type_id = ${typeId} ${serviceFilter.replace("e.is_in_service", "se.is_in_service")}
  ) x
  GROUP BY x.equipment_id
)`;

/**
 * How the statement returns the records: `array` as one row whose `json` is the JSON
 * array of them all (what a whole body is built from), `rows` as one row per record,
 * its `json` the record's text, in list order (what a cursor reads in chunks).
 */
export type ListEquipmentsShape = "array" | "rows";

/**
 * Builds the one statement of `equipments.list`: the selected records' JSON text, in
 * (`created`, `id`) order, schedules in `schedule_id` order, every status computed at
 * `now`: no per-record queries. Both shapes write each record with the same
 * expression, so a list read row by row is the same text as the array.
 *
 * @param input - the checked request
 * @param shape - one array row (default) or one row per record, see {@link ListEquipmentsShape}
 * @returns the statement and its parameters
 */
export function listEquipmentsQuery(
  input: ListEquipmentsInput,
  shape: ListEquipmentsShape = "array",
): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const typeId = param(input.equipmentTypeId, "text");
  const serviceFilter =
    input.inService === null ? "" : `AND e.is_in_service = ${param(input.inService, "boolean")}`;
  const needsSchedules = input.fields.includes("status") || input.fields.includes("schedules");
  const cte = needsSchedules ? schedulesCte(typeId, param(String(input.now), "bigint"), serviceFilter) : "";
  const nulls = input.fields.includes("metavalues")
    ? param(JSON.stringify(Object.fromEntries(input.nullMetafields.map((id) => [id, null]))), "jsonb")
    : "";
  const parts = input.fields.map((field) => fieldSql[field](nulls)).join(",\n    ");
  const record = `'{' || concat_ws(',',
    ${parts}) || '}'`;
  const from = `FROM equipments e
${needsSchedules ? "LEFT JOIN sc ON sc.equipment_id = e.id" : ""}
WHERE e.equipment_type_id = ${typeId} ${serviceFilter}`;
  const text =
    shape === "array"
      ? `${cte}
SELECT coalesce('[' || string_agg(${record}, ',' ORDER BY e.created, e.id) || ']', '[]') AS json
${from}`
      : `${cte}
SELECT ${record} AS json
${from}
ORDER BY e.created, e.id`;
  return { text, params };
}
