// The equipment record as equipments.list answers it, built by a raw-SQL peer from the
// rows it read (statuses by the schema's own functions): the fields in the record's
// order, a NULL column leaving its field out, metavalues in the order a jsonb column
// gives them back, schedules in `schedule_id` order as read.
import { equipmentStatusOf, scheduleStatusAt } from "@wsafe/schema";

/** The record's stored fields and their columns, in the record's order (`status`, `schedules` computed). */
export const recordColumns = /** @type {const} */ ([
  ["id", "id"],
  ["external_id", "external_id"],
  ["serialNumber", "serial_number"],
  ["equipmentType_id", "equipment_type_id"],
  ["created", "created"],
  ["parent_id", "parent_id"],
  ["fieldOffice_id", "field_office_ids"],
  ["lineOfBusiness_id", "line_of_business_id"],
  ["clients_id", "client_ids"],
  ["assignedUsers_id", "assigned_user_ids"],
  ["title", "title"],
  ["notes", "notes"],
  ["isInService", "is_in_service"],
  ["metavalues", "metavalues"],
]);

/** Texts in the store's "C" order: by their UTF-8 bytes. */
const byBytes = (/** @type {string} */ a, /** @type {string} */ b) =>
  Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * An object's keys in jsonb's order (shorter in UTF-8 bytes first, then by bytes): what the
 * list answers for metavalues it stored.
 *
 * @param {Record<string, unknown>} object
 * @example
 * inJsonbOrder({ mf_brand: "Petzl", mf_len: 1 }); // { mf_len: 1, mf_brand: "Petzl" }
 */
export function inJsonbOrder(object) {
  return Object.fromEntries(
    Object.entries(object).sort(([a], [b]) => Buffer.byteLength(a) - Buffer.byteLength(b) || byBytes(a, b)),
  );
}

/** A schedule row (`json_agg` of `schedules`: dates as numbers) as a record at `at`. */
function scheduleRecord(/** @type {any} */ s, /** @type {number} */ at) {
  const dates = { expiresOn: s.expires_on, expiringOn: s.expiring_on, lastCompletedOn: s.last_completed_on };
  return {
    schedule_id: s.schedule_id,
    status: scheduleStatusAt(dates, at),
    ...dates,
    ...(s.inspection_interval === null ? {} : { interval: s.inspection_interval }),
    ...(s.expiry_warning === null ? {} : { warning: s.expiry_warning }),
  };
}

/**
 * The equipment record at `at`.
 *
 * @param {Record<string, any>} row - the equipment's row, keyed by column (`version` included)
 * @param {any[]} schedules - its schedule rows, in `schedule_id` order
 * @param {number} at - the instant statuses are computed at (ms)
 */
export function equipmentRecord(row, schedules, at) {
  const records = schedules.map((s) => scheduleRecord(s, at));
  /** @type {Record<string, unknown>} */
  const record = {};
  for (const [field, column] of recordColumns) {
    const value = row[column];
    if (value !== null && value !== undefined) record[field] = field === "created" ? Number(value) : value;
  }
  return {
    ...record,
    status: equipmentStatusOf(records.map((r) => r.status)),
    schedules: records,
    version: row.version,
  };
}
