// The work of one `inspections.record` in one transaction, as a team would write it in
// raw SQL over wsafe's tables (the same tables, indexes and triggers: the webhook outbox
// and the event counts are filled by the schema's own triggers on `events`). Written
// from the method's description in @wsafe/schema and issue 36, not from wsafe's server:
// the idempotency key claimed first, then the one lock the contract's ordering needs
// (events ordered per account: a transaction advisory lock of the account), the schedule
// and the inspector looked up, the schedule's next dates, the inspection, the status
// changes as events and, when its new dates make a new version, that version's
// `equipment.updated` with the record and the schedules as they were (sequence from
// `events_sequence`), the answer kept under the key.
// No time catch-up: between an account's writes nothing falls due in the bench's
// minutes (its schedules run months ahead), so that step would read two empty ranges.
import { createHash, randomBytes } from "node:crypto";
import { addDuration, equipmentStatusOf, idempotencyKeyLifetimeMs, scheduleStatusAt } from "@wsafe/schema";

/** @typedef {(text: string, params?: unknown[]) => Promise<any[]>} Query */
/** @typedef {{ ok: false, error: string, description: string }} Failure */

const failure = (/** @type {string} */ error, /** @type {string} */ description) => ({
  ok: false,
  error,
  description,
});

/** The request's fingerprint: its parameters, sorted, without the token, `pretty` and the key. */
function fingerprint(/** @type {Record<string, unknown>} */ params) {
  const asked = Object.keys(params)
    .filter((key) => !["token", "pretty", "idempotency_key"].includes(key) && params[key] !== undefined)
    .sort()
    .map((key) => [key, params[key]]);
  return createHash("sha256").update(JSON.stringify(asked)).digest("hex");
}

/** A schedule row as a record, its status at `at`. */
function scheduleRecord(/** @type {any} */ s, /** @type {number} */ at) {
  const dates = {
    expiresOn: s.expires_on === null ? null : Number(s.expires_on),
    expiringOn: s.expiring_on === null ? null : Number(s.expiring_on),
    lastCompletedOn: s.last_completed_on === null ? null : Number(s.last_completed_on),
  };
  return {
    schedule_id: s.schedule_id,
    status: scheduleStatusAt(dates, at),
    ...dates,
    ...(s.inspection_interval === null ? {} : { interval: s.inspection_interval }),
    ...(s.expiry_warning === null ? {} : { warning: s.expiry_warning }),
  };
}

/**
 * The equipment record, as equipments.list answers it, its statuses at `at`, at `version`
 * (the store's trigger makes a new one when the recording changes a schedule).
 */
function equipmentRecord(
  /** @type {any} */ e,
  /** @type {any[]} */ schedules,
  /** @type {number} */ at,
  /** @type {number} */ version,
) {
  const records = schedules.map((s) => scheduleRecord(s, at));
  return {
    id: e.id,
    ...(e.external_id === null ? {} : { external_id: e.external_id }),
    serialNumber: e.serial_number,
    equipmentType_id: e.equipment_type_id,
    created: Number(e.created),
    parent_id: e.parent_id,
    fieldOffice_id: e.field_office_ids,
    lineOfBusiness_id: e.line_of_business_id,
    ...(e.client_ids === null ? {} : { clients_id: e.client_ids }),
    assignedUsers_id: e.assigned_user_ids,
    ...(e.title === null ? {} : { title: e.title }),
    notes: e.notes,
    isInService: e.is_in_service,
    metavalues: e.metavalues,
    status: equipmentStatusOf(records.map((r) => r.status)),
    schedules: records,
    version,
  };
}

/**
 * The inspection's events, in the order given (sequences drawn over rows already sorted),
 * each id derived from what the event is (`ev_` and 24 hex digits of an MD5 of the cause,
 * the inspection, the type, the equipment, the schedule, the account, the type of
 * equipment and the statuses), as wsafe's writer derives it; the outbox and the counts by
 * the schema's triggers. Parameters: $1 account, $2 instant, $3 equipment, $4 its type,
 * $5 inspection, $6-$11 the events' type, schedule, from, to, record and
 * previous_attributes.
 */
const insertEventsSql = `WITH inserted AS (
  INSERT INTO events (id, sequence, account_id, type, occurred_at, cause, equipment_id, equipment_type_id,
                      schedule_id, from_status, to_status, inspection_id, record, previous_attributes)
  SELECT ('ev_' || left(md5(concat_ws('|', 'inspection', $5::text, c.type, $3::text, coalesce(c.schedule_id, '-'), $1::text, $4::text,
                                      coalesce(c.from_status, '-'), coalesce(c.to_status, '-'))), 24)) COLLATE "C",
         nextval('events_sequence'), $1, c.type, $2::bigint, 'inspection', $3, $4, c.schedule_id,
         c.from_status, c.to_status, $5, c.record::jsonb, c.previous_attributes::jsonb
    FROM (SELECT * FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
                 WITH ORDINALITY AS c (type, schedule_id, from_status, to_status, record, previous_attributes, n)
           ORDER BY c.n) c
  RETURNING 1
)
SELECT pg_notify('wsafe_events', '')::text FROM (SELECT count(*) FROM inserted) n`;

/**
 * Records one inspection. `params` passed the schema and the method's date rules.
 *
 * @param {(work: (query: Query) => Promise<any>) => Promise<any>} transaction - runs `work` in one transaction
 * @param {{ account: string, params: Record<string, any>, now: number }} request
 * @returns {Promise<{ ok: true, text: string } | Failure>} the answer's text, or a failure
 */
export function recordInspection(transaction, { account, params, now }) {
  return transaction(async (query) => {
    const key = params.idempotency_key;
    const print = key === undefined ? "" : fingerprint(params);
    if (key !== undefined) {
      const claimed = await query(
        `INSERT INTO inspection_requests (account_id, idempotency_key, fingerprint, created_at)
         VALUES ($1, $2, $3, $4::bigint)
         ON CONFLICT (account_id, idempotency_key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, answer = NULL
          WHERE inspection_requests.created_at <= $5::bigint
         RETURNING 1`,
        [account, key, print, now, now - idempotencyKeyLifetimeMs],
      );
      if (claimed.length === 0) {
        const [first] = await query(
          "SELECT fingerprint, answer FROM inspection_requests WHERE account_id = $1 AND idempotency_key = $2",
          [account, key],
        );
        if (first.fingerprint !== print)
          return failure(
            "idempotency_key_reused",
            "idempotency_key was sent within 24 hours with other parameters: send a new key",
          );
        return { ok: true, text: first.answer };
      }
    }
    // The one lock: this account's writes in order, other accounts' alongside.
    // Its own statement: a statement's snapshot is taken before it waits on a lock in it.
    await query("SELECT pg_advisory_xact_lock(1702257002, hashtext($1))", [account]);
    const [found] = await query(
      `SELECT e.*, (SELECT json_agg(s ORDER BY s.schedule_id) FROM schedules s WHERE s.equipment_id = e.id) AS schedules,
              (SELECT max(i.performed_at) FROM inspections i
                WHERE i.equipment_id = e.id AND i.schedule_id = $3)::text AS latest,
              EXISTS (SELECT 1 FROM users u WHERE u.id = $4 AND u.account_id = $2) AS inspector
         FROM equipments e JOIN equipment_types t ON t.id = e.equipment_type_id
        WHERE e.id = $1 AND t.account_id = $2`,
      [params.equipment_id, account, params.schedule_id, params.inspector_id],
    );
    const schedules = found?.schedules ?? [];
    const schedule = schedules.find((/** @type {any} */ s) => s.schedule_id === params.schedule_id);
    if (!schedule)
      return failure(
        "content_not_found",
        `schedule not found: "${params.schedule_id}" of equipment "${params.equipment_id}"`,
      );
    if (!found.inspector)
      return failure("content_not_found", `inspector not found: "${params.inspector_id}"`);
    const performedAt = params.performed_at ?? now;
    const old = scheduleRecord(schedule, now);
    /** @type {{ expiresOn: number, expiringOn: number, lastCompletedOn: number | null }} */
    let dates;
    if (params.result === "failed")
      dates = {
        expiresOn: performedAt,
        expiringOn: Math.min(old.expiringOn ?? performedAt, performedAt),
        lastCompletedOn: old.lastCompletedOn,
      };
    else {
      let expiresOn = params.expiresOn;
      if (expiresOn === undefined) {
        if (schedule.inspection_interval === null)
          return failure("parameter_missing", "missing parameter: expiresOn: the schedule has no interval");
        expiresOn = addDuration(performedAt, schedule.inspection_interval);
      }
      let expiringOn = params.expiringOn;
      if (expiringOn === undefined)
        expiringOn =
          schedule.expiry_warning === null ? expiresOn : addDuration(expiresOn, schedule.expiry_warning, -1);
      else if (expiringOn > expiresOn)
        return failure(
          "parameter_invalid",
          "invalid parameter: expiringOn: after the expiresOn the interval gives",
        );
      dates = { expiresOn, expiringOn, lastCompletedOn: performedAt };
    }
    const latest = found.latest === null ? null : Number(found.latest);
    const lateEntry =
      (old.lastCompletedOn !== null && performedAt < old.lastCompletedOn) ||
      (latest !== null && performedAt < latest);
    const inspection = {
      id: `insp_${randomBytes(8).toString("hex")}`,
      equipment_id: params.equipment_id,
      equipmentType_id: found.equipment_type_id,
      schedule_id: params.schedule_id,
      serialNumber: found.serial_number,
      result: params.result,
      performed_at: performedAt,
      recorded_at: now,
      inspector_id: params.inspector_id,
      notes: params.notes ?? null,
      expiresOn: lateEntry ? null : dates.expiresOn,
      expiringOn: lateEntry ? null : dates.expiringOn,
    };
    const after = lateEntry
      ? schedules
      : schedules.map((/** @type {any} */ s) =>
          s === schedule
            ? {
                ...s,
                expires_on: dates.expiresOn,
                expiring_on: dates.expiringOn,
                last_completed_on: dates.lastCompletedOn,
              }
            : s,
        );
    if (!lateEntry)
      await query(
        `UPDATE schedules SET expires_on = $3::bigint, expiring_on = $4::bigint, last_completed_on = $5::bigint
          WHERE equipment_id = $1 AND schedule_id = $2`,
        [params.equipment_id, params.schedule_id, dates.expiresOn, dates.expiringOn, dates.lastCompletedOn],
      );
    await query(
      `INSERT INTO inspections (id, account_id, equipment_id, equipment_type_id, schedule_id, serial_number, result,
                                performed_at, recorded_at, inspector_id, notes, expires_on, expiring_on)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint, $9::bigint, $10, $11, $12::bigint, $13::bigint)`,
      [
        inspection.id,
        account,
        inspection.equipment_id,
        inspection.equipmentType_id,
        inspection.schedule_id,
        inspection.serialNumber,
        inspection.result,
        performedAt,
        now,
        inspection.inspector_id,
        inspection.notes,
        inspection.expiresOn,
        inspection.expiringOn,
      ],
    );
    // New dates make a new version (the store's trigger, when a date differs) and its
    // `equipment.updated`, numbered before the status changes it causes (schedule first,
    // then its equipment's); each an event.
    const redated =
      !lateEntry &&
      (dates.expiresOn !== old.expiresOn ||
        dates.expiringOn !== old.expiringOn ||
        dates.lastCompletedOn !== old.lastCompletedOn);
    const before = equipmentRecord(found, schedules, now, found.version);
    const equipment = equipmentRecord(found, after, now, found.version + (redated ? 1 : 0));
    const changes = [];
    if (redated)
      changes.push(["equipment.updated", null, null, null, equipment, { schedules: before.schedules }]);
    const oldSchedule = before.schedules.find((s) => s.schedule_id === params.schedule_id);
    const newSchedule = equipment.schedules.find((s) => s.schedule_id === params.schedule_id);
    if (oldSchedule?.status !== newSchedule?.status)
      changes.push(["schedule.status_changed", params.schedule_id, oldSchedule?.status, newSchedule?.status]);
    if (before.status !== equipment.status)
      changes.push(["equipment.status_changed", null, before.status, equipment.status]);
    if (changes.length > 0)
      await query(insertEventsSql, [
        account,
        now,
        params.equipment_id,
        found.equipment_type_id,
        inspection.id,
        changes.map((c) => c[0]),
        changes.map((c) => c[1]),
        changes.map((c) => c[2]),
        changes.map((c) => c[3]),
        changes.map((c) => (c[4] === undefined ? null : JSON.stringify(c[4]))),
        changes.map((c) => (c[5] === undefined ? null : JSON.stringify(c[5]))),
      ]);
    const text = JSON.stringify({ ok: true, inspection, equipment, late_entry: lateEntry });
    if (key !== undefined)
      await query(
        "UPDATE inspection_requests SET answer = $3 WHERE account_id = $1 AND idempotency_key = $2",
        [account, key, text],
      );
    await query("DELETE FROM inspection_requests WHERE account_id = $1 AND created_at <= $2::bigint", [
      account,
      now - idempotencyKeyLifetimeMs,
    ]);
    return { ok: true, text };
  });
}
