import type { EquipmentField, Status } from "@wsafe/schema";

/**
 * The contract's statuses by severity: index 0 uptodate, 1 expiring, 2 expired. The
 * SQL computes a severity per schedule (the worst one is the equipment's) and names it
 * from this list, so the names come from the schema's `Status` alone.
 */
const statusBySeverity = ["uptodate", "expiring", "expired"] as const satisfies readonly Status[];
// Every status of the contract has a severity: a status added to the schema fails here.
const everyStatusHasASeverity: Exclude<Status, (typeof statusBySeverity)[number]> extends never
  ? true
  : never = true;
void everyStatusHasASeverity;
const statusArraySql = `(ARRAY[${statusBySeverity.map((status) => `'${status}'`).join(",")}])`;

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

// The JSON text of each field, in the canonical order of the equipment record. A
// field whose expression is NULL is left out by concat_ws: that is how `clients_id`
// and `title` disappear from records that have none. Building the text in SQL keeps
// 50 000 records from becoming 50 000 JavaScript objects only to be serialised again.
const fieldSql: Record<EquipmentField, (nulls: string) => string> = {
  id: () => `'"id":' || to_json(e.id)::text`,
  serialNumber: () => `'"serialNumber":' || to_json(e.serial_number)::text`,
  equipmentType_id: () => `'"equipmentType_id":' || to_json(e.equipment_type_id)::text`,
  created: () => `'"created":' || e.created::text`,
  parent_id: () => `'"parent_id":' || to_json(e.parent_id)::text`,
  fieldOffice_id: () => `'"fieldOffice_id":' || e.field_office_ids::text`,
  lineOfBusiness_id: () => `'"lineOfBusiness_id":' || to_json(e.line_of_business_id)::text`,
  clients_id: () => `'"clients_id":' || e.client_ids::text`,
  assignedUsers_id: () => `'"assignedUsers_id":' || e.assigned_user_ids::text`,
  title: () => `'"title":' || to_json(e.title)::text`,
  notes: () => `'"notes":' || to_json(e.notes)::text`,
  isInService: () => `'"isInService":' || to_json(e.is_in_service)::text`,
  // jsonb `||` keeps the right side's value for a key both sides have: set values win over nulls.
  metavalues: (nulls) => `'"metavalues":' || (${nulls} || e.metavalues)::text`,
  status: () => `'"status":' || to_json(${statusArraySql}[coalesce(sc.worst, 0) + 1])::text`,
  schedules: () => `'"schedules":' || coalesce(sc.list::text, '[]')`,
};

// The schedules of every listed equipment in one grouped pass (a hash join, not one
// index probe per equipment), their JSON written as text like the records'. Severity at
// `now`: 0 uptodate, 1 expiring, 2 expired; a schedule never completed (a null date) is
// expired, and a null expiringOn never makes one expiring.
const schedulesCte = (typeId: string, now: string, serviceFilter: string) => `WITH sc AS (
  SELECT x.equipment_id, max(x.severity) AS worst,
         '[' || string_agg('{"schedule_id":' || to_json(x.schedule_id)::text
           || ',"status":"' || ${statusArraySql}[x.severity + 1]
           || '","expiresOn":' || coalesce(x.expires_on::text, 'null')
           || ',"expiringOn":' || coalesce(x.expiring_on::text, 'null')
           || ',"lastCompletedOn":' || coalesce(x.last_completed_on::text, 'null') || '}',
           ',' ORDER BY x.schedule_id) || ']' AS list
  FROM (
    SELECT s.equipment_id, s.schedule_id, s.expires_on, s.expiring_on, s.last_completed_on,
           CASE WHEN s.expires_on IS NULL OR s.last_completed_on IS NULL OR ${now} >= s.expires_on THEN 2
                WHEN ${now} >= s.expiring_on THEN 1
                ELSE 0 END AS severity
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
