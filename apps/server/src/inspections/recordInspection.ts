import { randomBytes } from "node:crypto";
import { type Inspection, type InspectionsRecordResult, type MethodParams, quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { EventProducer } from "../events/EventProducer.js";
import type { Sql } from "../store/database/Sql.js";
import { equipmentQuery } from "../store/queries/equipmentQuery.js";
import { isStorableText } from "../store/Store.js";
import { claimIdempotencyKey, pruneIdempotencyKeys, requestFingerprint } from "./idempotencyKeys.js";
import { nextScheduleDates, type ScheduleDatesAfter } from "./nextScheduleDates.js";

/** One `inspections.record` call, its parameters checked. */
export interface InspectionRequest {
  accountId: string;
  params: MethodParams<"inspections.record">;
  /** The request's instant (ms). */
  now: number;
}

/** The schedule an inspection is for, as the recording reads it under its account's event lock. */
interface ScheduleRow {
  serial_number: string;
  equipment_type_id: string;
  expires_on: string | null;
  expiring_on: string | null;
  last_completed_on: string | null;
  inspection_interval: string | null;
  expiry_warning: string | null;
  latest_performed_at: string | null;
  /** Whether the inspector is a user of the account. */
  inspector_known: boolean;
}

const number = (text: string | null) => (text === null ? null : Number(text));

/** A new inspection id: `insp_` and 16 random hex digits. */
const newInspectionId = () => `insp_${randomBytes(8).toString("hex")}`;

const notFound = (what: string) => new ApiError("content_not_found", what);

/**
 * Records one inspection in one transaction, with the schedule's new dates, the events of
 * the statuses it changes (through the event producer: cause `inspection`, its id on them,
 * the webhook outbox filled) and, with an `idempotency_key`, the answer kept under the key.
 * The request's key is claimed first, so a retry waits for this one and answers what it
 * answered; then the account's event lock is held (the event clock shared), which
 * serialises the inspection with its account's other inspections and with imports, not
 * with other accounts' writes: two inspections of one schedule recorded at once are
 * applied one after the other, and the later `performed_at` decides.
 *
 * @param sql - the store's database (not a transaction)
 * @param request - the checked call
 * @returns the success body
 * @throws ApiError `content_not_found` (schedule, inspector), `parameter_missing` /
 *   `parameter_invalid` (next dates the schedule cannot give), `idempotency_key_reused`
 */
export function recordInspection(sql: Sql, request: InspectionRequest): Promise<InspectionsRecordResult> {
  const { accountId, params, now } = request;
  return sql.transaction(async (tx) => {
    const key = params.idempotency_key;
    const claim = key
      ? await claimIdempotencyKey(tx, accountId, key, requestFingerprint(params), now)
      : undefined;
    if (claim && "answered" in claim) return claim.answered as InspectionsRecordResult;
    const events = await EventProducer.holdAccount(tx, accountId);
    const schedule = await findSchedule(tx, accountId, params);
    if (!schedule)
      throw notFound(
        `schedule not found: ${quoteInput(params.schedule_id)} of equipment ${quoteInput(params.equipment_id)}`,
      );
    if (!schedule.inspector_known) throw notFound(`inspector not found: ${quoteInput(params.inspector_id)}`);
    const performedAt = params.performed_at ?? now;
    const dates = nextScheduleDates(
      { result: params.result, performedAt, expiresOn: params.expiresOn, expiringOn: params.expiringOn },
      {
        expiresOn: number(schedule.expires_on),
        expiringOn: number(schedule.expiring_on),
        lastCompletedOn: number(schedule.last_completed_on),
        interval: schedule.inspection_interval,
        warning: schedule.expiry_warning,
      },
    );
    const lastCompletedOn = number(schedule.last_completed_on);
    const latest = number(schedule.latest_performed_at);
    const lateEntry =
      (lastCompletedOn !== null && performedAt < lastCompletedOn) ||
      (latest !== null && performedAt < latest);
    const inspection: Inspection = {
      id: newInspectionId(),
      equipment_id: params.equipment_id,
      equipmentType_id: schedule.equipment_type_id,
      schedule_id: params.schedule_id,
      serialNumber: schedule.serial_number,
      result: params.result,
      performed_at: performedAt,
      recorded_at: now,
      inspector_id: params.inspector_id,
      notes: params.notes ?? null,
      expiresOn: lateEntry ? null : dates.expiresOn,
      expiringOn: lateEntry ? null : dates.expiringOn,
    };
    const { instant } = await events.recordChange(
      {
        cause: "inspection",
        key: inspection.id,
        scope: { equipmentIds: [params.equipment_id], equipmentTypeIds: [] },
        at: now,
      },
      async (at) => {
        inspection.recorded_at = at;
        if (!lateEntry) await moveScheduleDates(tx, params.equipment_id, params.schedule_id, dates);
        await insertInspection(tx, accountId, inspection);
      },
    );
    const record = equipmentQuery(params.equipment_id, instant);
    const [equipment] = await tx.query<{ json: string }>(record.text, record.params);
    const answer: InspectionsRecordResult = {
      ok: true,
      inspection,
      equipment: JSON.parse(equipment!.json),
      late_entry: lateEntry,
    };
    if (claim) await claim.claimed.keep(answer, now);
    else await pruneIdempotencyKeys(tx, accountId, now);
    return answer;
  });
}

/**
 * The schedule of the account's equipment, with what the equipment is when inspected,
 * the `performed_at` of the latest inspection recorded for it, and whether the inspector
 * is a user of the account (one statement); `undefined` when the equipment is another
 * account's, or has no such schedule.
 */
async function findSchedule(
  sql: Sql,
  accountId: string,
  ids: { equipment_id: string; schedule_id: string; inspector_id: string },
): Promise<ScheduleRow | undefined> {
  if (!isStorableText(ids.equipment_id) || !isStorableText(ids.schedule_id)) return undefined;
  const [row] = await sql.query<ScheduleRow>(
    `SELECT e.serial_number, e.equipment_type_id, s.expires_on::text, s.expiring_on::text,
            s.last_completed_on::text, s.inspection_interval, s.expiry_warning,
            (SELECT max(i.performed_at) FROM inspections i
              WHERE i.equipment_id = e.id AND i.schedule_id = s.schedule_id)::text AS latest_performed_at,
            EXISTS (SELECT 1 FROM users u WHERE u.id = $4 AND u.account_id = $2) AS inspector_known
       FROM equipments e
       JOIN equipment_types t ON t.id = e.equipment_type_id
       JOIN schedules s ON s.equipment_id = e.id
      WHERE e.id = $1 AND t.account_id = $2 AND s.schedule_id = $3`,
    // A text the database cannot hold is no user's id.
    [ids.equipment_id, accountId, ids.schedule_id, isStorableText(ids.inspector_id) ? ids.inspector_id : ""],
  );
  return row;
}

async function moveScheduleDates(
  sql: Sql,
  equipmentId: string,
  scheduleId: string,
  dates: ScheduleDatesAfter,
): Promise<void> {
  await sql.query(
    `UPDATE schedules SET expires_on = $3::bigint, expiring_on = $4::bigint, last_completed_on = $5::bigint
      WHERE equipment_id = $1 AND schedule_id = $2`,
    [equipmentId, scheduleId, dates.expiresOn, dates.expiringOn, dates.lastCompletedOn],
  );
}

async function insertInspection(sql: Sql, accountId: string, inspection: Inspection): Promise<void> {
  await sql.query(
    `INSERT INTO inspections (id, account_id, equipment_id, equipment_type_id, schedule_id, serial_number, result,
                              performed_at, recorded_at, inspector_id, notes, expires_on, expiring_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint, $9::bigint, $10, $11, $12::bigint, $13::bigint)`,
    [
      inspection.id,
      accountId,
      inspection.equipment_id,
      inspection.equipmentType_id,
      inspection.schedule_id,
      inspection.serialNumber,
      inspection.result,
      inspection.performed_at,
      inspection.recorded_at,
      inspection.inspector_id,
      inspection.notes,
      inspection.expiresOn,
      inspection.expiringOn,
    ],
  );
}
