// The work of one `equipments.update` in one transaction, as a team would write it in raw
// SQL over wsafe's tables (equipmentUpdateSql.mjs), from the method's description in
// @wsafe/schema: the idempotency key claimed first (peerKeys.mjs); the event clock shared
// and the account's lock; in one statement the account's clock moved and the equipment
// read with what the rules need; the account's time events recorded when a date fell
// between; the checks in the contract's order; then, when anything changes, one statement
// that writes the row, `equipment.updated` with the record and `previous_attributes`, the
// status transitions of a move to another type, and the answer kept under the key.
// Statuses and the answer are computed here (peerEquipmentRecord.mjs).
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { idempotencyKeyLifetimeMs, quoteInput } from "@wsafe/schema";
import { clockAndReadSql, lockAccountSql, recordTimeSql, writeUpdateSql } from "./equipmentUpdateSql.mjs";
import { equipmentRecord, inJsonbOrder, recordColumns } from "./peerEquipmentRecord.mjs";
import { claimKey, keepAnswerSql } from "./peerKeys.mjs";

/** @typedef {import("./peerStore.mjs").Query} Query */
/** @typedef {{ ok: false, error: string, description: string }} Failure */

const method = "equipments.update";

const failure = (/** @type {string} */ error, /** @type {string} */ description) => ({
  ok: /** @type {const} */ (false),
  error,
  description,
});

/**
 * The refusal of a key another equipment of the account holds.
 *
 * @param {string} key - the `external_id` asked for
 * @param {string} holder - the equipment that holds it
 */
export const externalIdTaken = (key, holder) =>
  failure(
    "external_id_taken",
    `external_id ${quoteInput(key)} is held by equipment ${holder}: update it with equipments.update, or choose another key`,
  );

/** The fields sent that set a plain value. */
const plainFields = /** @type {const} */ ([
  "equipmentType_id",
  "serialNumber",
  "notes",
  "parent_id",
  "fieldOffice_id",
  "lineOfBusiness_id",
  "assignedUsers_id",
  "isInService",
  "title",
]);

/** The metavalues after the patch, each key checked against the type it has after the update. */
function patchedMetavalues(
  /** @type {any} */ params,
  /** @type {any} */ found,
  /** @type {string} */ typeId,
) {
  const allowed = new Set(found.type_metafields.map((/** @type {any} */ m) => m.id));
  const before = new Set(found.own_metafields.map((/** @type {any} */ m) => m.id));
  const values = new Map(Object.entries(found.metavalues));
  const notAMetafield = (/** @type {string} */ key) =>
    failure(
      "parameter_invalid",
      `invalid parameter: metavalues.${quoteInput(key)}: not a metafield of equipment type ${quoteInput(typeId)}`,
    );
  for (const [key, value] of Object.entries(params.metavalues ?? {})) {
    if (value === null) {
      if (!allowed.has(key) && !before.has(key) && !values.has(key)) return notAMetafield(key);
      values.delete(key);
    } else if (!allowed.has(key)) return notAMetafield(key);
    else values.set(key, value);
  }
  if (typeId !== found.equipment_type_id)
    for (const key of values.keys()) if (!allowed.has(key)) return notAMetafield(key);
  return { ok: /** @type {const} */ (true), metavalues: inJsonbOrder(Object.fromEntries(values)) };
}

/**
 * The row after the update and the fields it changes (as they were), or a refusal: the
 * type, the users, the metavalues, the key, in the contract's order.
 */
function patch(/** @type {any} */ params, /** @type {any} */ found) {
  const typeId = params.equipmentType_id ?? found.equipment_type_id;
  if (found.type_metafields === null)
    return failure("content_not_found", `equipment type not found: ${quoteInput(typeId)}`);
  if (found.unknown_user !== null)
    return failure("content_not_found", `user not found: ${quoteInput(found.unknown_user)}`);
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const field of plainFields) if (params[field] !== undefined) values[field] = params[field];
  if (params.clients_id !== undefined)
    values.clients_id = params.clients_id?.length ? params.clients_id : null;
  if (params.metavalues !== undefined || typeId !== found.equipment_type_id) {
    const patched = patchedMetavalues(params, found, typeId);
    if (!patched.ok) return patched;
    values.metavalues = patched.metavalues;
  }
  if (params.id !== undefined && params.external_id !== undefined) {
    if (params.external_id !== null && found.key_holder !== null)
      return externalIdTaken(params.external_id, found.key_holder);
    values.external_id = params.external_id;
  }
  const row = { ...found };
  /** @type {Record<string, unknown>} */
  const previous = {};
  for (const [field, column] of recordColumns) {
    if (!Object.hasOwn(values, field)) continue;
    const before = found[column] ?? null;
    const after = values[field] ?? null;
    if (isDeepStrictEqual(before, after)) continue;
    row[column] = after;
    previous[field] = before;
  }
  return { ok: /** @type {const} */ (true), row, previous };
}

/**
 * The status transitions of a move to another type at `at`: every status leaves the old
 * type (schedules by id, then the equipment), then appears in the new one; none otherwise
 * (being in or out of service changes no status).
 */
function moveTransitions(/** @type {any} */ before, /** @type {any} */ after) {
  if (before.equipmentType_id === after.equipmentType_id) return [];
  const statuses = (/** @type {any} */ record) => [
    ...record.schedules.map((/** @type {any} */ s) => ["schedule.status_changed", s.schedule_id, s.status]),
    ["equipment.status_changed", null, record.status],
  ];
  return [
    ...statuses(before).map(([type, schedule, status]) => [
      type,
      before.equipmentType_id,
      schedule,
      status,
      null,
    ]),
    ...statuses(after).map(([type, schedule, status]) => [
      type,
      after.equipmentType_id,
      schedule,
      null,
      status,
    ]),
  ];
}

/**
 * The equipment named, read under the account's lock after its clock moved (and its time
 * events recorded when a date fell between), checked for existence and `if_version`.
 *
 * @param {Query} query
 * @param {{ account: string, params: Record<string, any>, now: number }} request
 * @returns {Promise<{ ok: true, found: any, instant: number } | Failure>}
 */
async function readNamed(query, { account, params, now }) {
  // Its own statement: a statement's snapshot is taken before it waits on a lock in it.
  await query(lockAccountSql, [account]);
  const byId = params.id !== undefined;
  const [found] = await query(clockAndReadSql(byId ? "id" : "external_id"), [
    account,
    now,
    byId ? params.id : params.external_id,
    params.equipmentType_id ?? null,
    params.assignedUsers_id ?? [],
    byId && typeof params.external_id === "string" ? params.external_id : null,
  ]);
  const instant = Number(found.clock_reached);
  if (found.clock_due) await query(recordTimeSql, [found.clock_from, instant, account]);
  if (found.id === null)
    return failure(
      "content_not_found",
      `equipment not found: ${quoteInput(params.id ?? params.external_id)}`,
    );
  if (params.if_version !== undefined && params.if_version !== found.version)
    return failure(
      "version_mismatch",
      `equipment ${found.id} is at version ${found.version}, not if_version ${params.if_version}: read it again, apply your change to it and send its version`,
    );
  return { ok: true, found, instant };
}

/**
 * The parameters of the writing statement (see `writeUpdateSql`): the row's columns, the
 * events' (`equipment.updated` first, then the transitions), the key and the answer.
 */
function writeParams(
  /** @type {{ account: string, key: string | null, now: number }} */ { account, key, now },
  /** @type {{ row: any, previous: object, equipment: any, before: any, instant: number, text: string }} */ write,
) {
  const { row, previous, equipment, before, instant, text } = write;
  const events = [
    ["equipment.updated", equipment.equipmentType_id, null, null, null, equipment, previous],
    ...moveTransitions(before, equipment),
  ];
  const json = (/** @type {unknown} */ value) =>
    value === undefined || value === null ? null : JSON.stringify(value);
  return [
    row.id,
    row.external_id,
    row.serial_number,
    row.equipment_type_id,
    row.parent_id,
    json(row.field_office_ids),
    row.line_of_business_id,
    json(row.client_ids),
    json(row.assigned_user_ids),
    row.title,
    row.notes,
    row.is_in_service,
    json(row.metavalues),
    events.map(() => `ev_${randomBytes(12).toString("hex")}`),
    ...[0, 1, 2, 3, 4].map((n) => events.map((e) => e[n])),
    events.map((e) => json(e[5])),
    events.map((e) => json(e[6])),
    events.map((_, n) => n + 1),
    account,
    instant,
    key,
    text,
    now - idempotencyKeyLifetimeMs,
  ];
}

/**
 * Updates one equipment. `params` passed the schema and the register's rules.
 *
 * @param {import("./peerStore.mjs").Transaction} transaction - runs `work` in one transaction
 * @param {{ account: string, params: Record<string, any>, now: number }} request
 * @returns {Promise<{ ok: true, text: string } | Failure>} the answer's text, or a refusal
 */
export function updateEquipment(transaction, request) {
  const { account, params, now } = request;
  return transaction(async (/** @type {Query} */ query) => {
    const key = params.idempotency_key ?? null;
    if (key !== null) {
      const answered = await claimKey(query, { method, account, key, params, now });
      if (answered) return answered;
    }
    const named = await readNamed(query, request);
    if (!named.ok) return named;
    const { found, instant } = named;
    const patched = patch(params, found);
    if (!patched.ok) return patched;
    const { row, previous } = patched;
    const unchanged = Object.keys(previous).length === 0;
    const equipment = equipmentRecord(
      unchanged ? found : { ...row, version: found.version + 1 },
      found.schedules,
      instant,
    );
    const text = JSON.stringify({ ok: true, equipment });
    if (unchanged) {
      if (key !== null) await query(keepAnswerSql, [account, key, text, now - idempotencyKeyLifetimeMs]);
      return { ok: true, text };
    }
    const before = equipmentRecord(found, found.schedules, instant);
    await query(
      writeUpdateSql,
      writeParams({ account, key, now }, { row, previous, equipment, before, instant, text }),
    );
    return { ok: true, text };
  });
}
