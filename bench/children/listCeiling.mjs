// The ceiling of `equipments.list`: what a careful hand-written service does with no
// framework of its own - the raw SQL that fetches the same rows, JavaScript objects
// of the same shape (statuses computed in JavaScript), one JSON.stringify.
import { equipmentStatusOf, scheduleStatusAt } from "../lib/equipmentStatus.mjs";

/** Equipment field → the SQL that reads it (bigint as float8, so both drivers give numbers). */
const columnSql = {
  id: "id",
  external_id: "external_id",
  serialNumber: "serial_number",
  equipmentType_id: "equipment_type_id",
  created: "created::float8 AS created",
  parent_id: "parent_id",
  fieldOffice_id: "field_office_ids",
  lineOfBusiness_id: "line_of_business_id",
  clients_id: "client_ids",
  assignedUsers_id: "assigned_user_ids",
  title: "title",
  notes: "notes",
  isInService: "is_in_service",
  metavalues: "metavalues",
  version: "version::float8 AS version",
};
/** Every field in the record's order (the schema's): `version` after the computed ones. */
const allFields = [
  ...Object.keys(columnSql).filter((f) => f !== "version"),
  "status",
  "schedules",
  "version",
];

/** jsonb's own key order (shorter keys first, then bytes), which the server's answer keeps. */
function jsonbOrder(/** @type {string} */ a, /** @type {string} */ b) {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * @param {(text: string, params: unknown[]) => Promise<any[]>} query - runs SQL, returns rows
 * @param {{ equipmentType_id: string, service_type?: string, columns?: string[], include_null_metavalues?: boolean, status?: string[] }} request
 * @param {number} now
 * @returns {Promise<string>} the JSON body
 */
export async function listCeiling(query, request, now) {
  const fields = request.columns?.length ? allFields.filter((f) => request.columns?.includes(f)) : allFields;
  const service = request.service_type ?? "in";
  const params = [request.equipmentType_id];
  let filter = "";
  if (service !== "all") {
    params.push(service === "in");
    filter = "AND e.is_in_service = $2";
  }
  const selected = new Set(["id", ...fields.filter((f) => f in columnSql)]);
  const rows = await query(
    `SELECT ${[...selected].map((f) => `e.${columnSql[/** @type {keyof typeof columnSql} */ (f)]}`).join(", ")}
       FROM equipments e WHERE e.equipment_type_id = $1 ${filter} ORDER BY e.created, e.id`,
    params,
  );
  /** @type {Map<string, any[]>} */
  const schedulesOf = new Map();
  // A status filter needs every schedule's status, whatever the columns.
  const wanted = request.status?.length ? new Set(request.status) : undefined;
  if (fields.includes("status") || fields.includes("schedules") || wanted) {
    const scheduleRows = await query(
      `SELECT s.equipment_id, s.schedule_id, s.expires_on::float8 AS expires_on, s.expiring_on::float8 AS expiring_on,
              s.last_completed_on::float8 AS last_completed_on
         FROM schedules s JOIN equipments e ON e.id = s.equipment_id
        WHERE e.equipment_type_id = $1 ${filter} ORDER BY s.equipment_id, s.schedule_id`,
      params,
    );
    for (const s of scheduleRows) {
      const list = schedulesOf.get(s.equipment_id);
      const dates = {
        expiresOn: s.expires_on,
        expiringOn: s.expiring_on,
        lastCompletedOn: s.last_completed_on,
      };
      const entry = {
        schedule_id: s.schedule_id,
        status: scheduleStatusAt(dates, now),
        ...dates,
      };
      if (list) list.push(entry);
      else schedulesOf.set(s.equipment_id, [entry]);
    }
  }
  /** @type {Record<string, null>} */
  let nulls = {};
  if (request.include_null_metavalues && fields.includes("metavalues")) {
    const [type] = await query("SELECT metafields FROM equipment_types WHERE id = $1", [
      request.equipmentType_id,
    ]);
    const ids = (type?.metafields ?? []).map((/** @type {{ id: string }} */ m) => m.id).sort(jsonbOrder);
    nulls = Object.fromEntries(ids.map((/** @type {string} */ id) => [id, null]));
  }
  const kept = wanted
    ? rows.filter((row) =>
        wanted.has(
          equipmentStatusOf(
            (schedulesOf.get(row.id) ?? []).map((/** @type {{ status: string }} */ s) => s.status),
          ),
        ),
      )
    : rows;
  const equipments = kept.map((row) => {
    const schedules = schedulesOf.get(row.id) ?? [];
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const field of fields) {
      switch (field) {
        case "id":
          out.id = row.id;
          break;
        case "external_id":
          if (row.external_id != null) out.external_id = row.external_id;
          break;
        case "serialNumber":
          out.serialNumber = row.serial_number;
          break;
        case "equipmentType_id":
          out.equipmentType_id = row.equipment_type_id;
          break;
        case "created":
          out.created = row.created;
          break;
        case "parent_id":
          out.parent_id = row.parent_id;
          break;
        case "fieldOffice_id":
          out.fieldOffice_id = row.field_office_ids;
          break;
        case "lineOfBusiness_id":
          out.lineOfBusiness_id = row.line_of_business_id;
          break;
        case "clients_id":
          if (row.client_ids != null) out.clients_id = row.client_ids;
          break;
        case "assignedUsers_id":
          out.assignedUsers_id = row.assigned_user_ids;
          break;
        case "title":
          if (row.title != null) out.title = row.title;
          break;
        case "notes":
          out.notes = row.notes;
          break;
        case "isInService":
          out.isInService = row.is_in_service;
          break;
        case "metavalues":
          out.metavalues = { ...nulls, ...row.metavalues };
          break;
        case "status": {
          out.status = equipmentStatusOf(schedules.map((/** @type {{ status: string }} */ s) => s.status));
          break;
        }
        case "schedules":
          out.schedules = schedules;
          break;
        case "version":
          out.version = row.version;
          break;
      }
    }
    return out;
  });
  return JSON.stringify({ ok: true, equipments });
}
