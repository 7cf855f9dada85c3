import type { EquipmentField, Status } from "@wsafe/schema";
import { equipmentRecordSql, scheduleSeveritySql, schedulesCte, severityOf } from "./equipmentRecordSql.js";
import { type SqlParam, sqlParameters } from "./sqlParameters.js";

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
  /** The instant statuses are computed at (ms since the epoch): the request's, or `as_of`. */
  now: number;
  /** Only equipment with one of these overall statuses; empty or absent: every status. */
  statuses?: readonly Status[];
}

/** The position of a page: after the record with this `created` (as text) and `id`, and how many. */
export interface EquipmentsPage {
  after: readonly [created: string, id: string] | undefined;
  /** Rows to read: one more than the page, to know whether another follows. */
  rows: number;
}

/**
 * How the statement returns the records: `array` as one row whose `json` is the JSON
 * array of them all (what a whole body is built from), `rows` as one row per record,
 * its `json` the record's text, in list order (what a cursor reads in chunks).
 */
export type ListEquipmentsShape = "array" | "rows";

/** A `text[]` literal of the given strings, each quoted (a setting carries no array). */
function textArrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/** What both statements share: the type, service and status filters and the record expression. */
function listParts(input: ListEquipmentsInput, param: SqlParam) {
  const typeId = param(input.equipmentTypeId, "text");
  const inService = input.inService === null ? undefined : param(input.inService, "boolean");
  const needsSchedules = input.fields.includes("status") || input.fields.includes("schedules");
  const wanted = input.statuses ?? [];
  const now = needsSchedules || wanted.length ? param(String(input.now), "bigint") : "";
  const statuses = wanted.length ? param(wanted.map(severityOf), "int[]") : "";
  const nulls =
    input.fields.includes("metavalues") && input.nullMetafields.length > 0
      ? // Each a subquery, so that it is made once per statement (an init plan), not per
        // record: read as a setting (the COPY path), a parameter is a function call.
        {
          object: `(SELECT ${param(JSON.stringify(Object.fromEntries(input.nullMetafields.map((id) => [id, null]))), "jsonb")})`,
          keys: `(SELECT ${param(textArrayLiteral(input.nullMetafields), "text[]")})`,
        }
      : undefined;
  const where = (alias: string) =>
    `${alias}.equipment_type_id = ${typeId}${inService ? ` AND ${alias}.is_in_service = ${inService}` : ""}`;
  return { where, now, statuses, needsSchedules, record: equipmentRecordSql(input.fields, nulls) };
}

/**
 * Builds the statement of a whole `equipments.list`: the selected records' JSON text,
 * in (`created`, `id`) order, schedules in `schedule_id` order, every status computed
 * at `now`, only the statuses asked for: no per-record queries. Both shapes write each
 * record with the same expression, so a list read row by row is the same text as the
 * array.
 *
 * @param input - the checked request
 * @param shape - one array row (default) or one row per record, see {@link ListEquipmentsShape}
 * @returns the statement and its parameters
 */
export function listEquipmentsQuery(
  input: ListEquipmentsInput,
  shape: ListEquipmentsShape = "array",
): { text: string; params: unknown[] } {
  const { params, param } = sqlParameters();
  const parts = listParts(input, param);
  const withSchedules = parts.needsSchedules || parts.statuses !== "";
  const cte = withSchedules
    ? `WITH ${schedulesCte(parts.now, `FROM schedules s JOIN equipments se ON se.id = s.equipment_id WHERE ${parts.where("se")}`)}`
    : "";
  const from = `FROM equipments e
${withSchedules ? "LEFT JOIN sc ON sc.equipment_id = e.id" : ""}
WHERE ${parts.where("e")}${parts.statuses ? ` AND coalesce(sc.worst, 0) = ANY(${parts.statuses})` : ""}`;
  const text =
    shape === "array"
      ? `${cte}
SELECT coalesce('[' || string_agg(${parts.record}, ',' ORDER BY e.created, e.id) || ']', '[]') AS json
${from}`
      : `${cte}
SELECT ${parts.record} AS json
${from}
ORDER BY e.created, e.id`;
  return { text, params };
}

/**
 * Builds the statement of one page of `equipments.list`: the records after `page.after`
 * in (`created`, `id`) order, read through the type's ordered index (keyset), so a page
 * costs the same anywhere in the list (the records are taken whole from that read). With a status filter each candidate's worst
 * severity is computed as the index is walked, until the page is full; the schedules'
 * text is built for the page's records only. Each row has the record's `json` and its
 * key (`created` as text, `id`).
 *
 * @param input - the checked request
 * @param page - where the page starts and how many rows to read
 */
export function listEquipmentsPageQuery(
  input: ListEquipmentsInput,
  page: EquipmentsPage,
): { text: string; params: unknown[] } {
  const { params, param } = sqlParameters();
  const parts = listParts(input, param);
  const after = page.after
    ? ` AND (e.created, e.id) > (${param(page.after[0], "bigint")}, ${param(page.after[1], "text")})`
    : "";
  const worst = parts.statuses
    ? `LEFT JOIN LATERAL (SELECT max(${scheduleSeveritySql(parts.now)}) AS worst FROM schedules s WHERE s.equipment_id = e.id) w ON true`
    : "";
  // The page's rows are read whole where the ordered index finds them, never joined back
  // to `equipments`: the planner made that join a merge over the primary key from its
  // start, so a page deep in the list walked every record before it (a page at record
  // 49 000 of 50 000 took 1.8x the first one on PostgreSQL).
  const text = `WITH page AS (
  SELECT e.* FROM equipments e ${worst}
   WHERE ${parts.where("e")}${after}${parts.statuses ? ` AND coalesce(w.worst, 0) = ANY(${parts.statuses})` : ""}
   ORDER BY e.created, e.id
   LIMIT ${param(page.rows, "integer")}
)${parts.needsSchedules ? `, ${schedulesCte(parts.now, "FROM schedules s JOIN page p ON p.id = s.equipment_id")}` : ""}
SELECT ${parts.record} AS json, e.created::text AS created, e.id
  FROM page e
  ${parts.needsSchedules ? "LEFT JOIN sc ON sc.equipment_id = e.id" : ""}
 ORDER BY e.created, e.id`;
  return { text, params };
}
