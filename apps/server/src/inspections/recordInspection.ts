import { randomBytes } from "node:crypto";
import {
  type Equipment,
  type Inspection,
  type InspectionsRecordResult,
  type MethodParams,
  quoteInput,
} from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { EventWriter, type RecordEvent } from "../events/EventWriter.js";
import { isStorableText } from "../store/isStorableText.js";
import { equipmentRecordOfRows, type StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import { type InspectedEquipment, inspectedEquipmentSql } from "./inspectedEquipment.js";
import { nextScheduleDates, type ScheduleDatesAfter } from "./nextScheduleDates.js";

/** One `inspections.record` call, its parameters checked. */
export interface InspectionRequest {
  accountId: string;
  params: MethodParams<"inspections.record">;
  /** The request's instant (ms). */
  now: number;
}

const number = (text: string | null) => (text === null ? null : Number(text));

/** A new inspection id: `insp_` and 16 random hex digits. */
const newInspectionId = () => `insp_${randomBytes(8).toString("hex")}`;

const notFound = (what: string) => new ApiError("content_not_found", what);

/**
 * Records one inspection in the write's transaction, with the schedule's new dates, the
 * events of the statuses it changes and what every write keeps (the write's closing
 * statements: its answer under its key). It describes the change to the event writer, for
 * one account (cause `inspection`, its id as the key; the equipment as read and as
 * written), and the writer does the rest: the account's lock (which serialises the
 * inspection with its account's other inspections and with imports, not with other
 * accounts' writes: two inspections of one schedule recorded at once are applied one after
 * the other, and the later `performed_at` decides), time first, the transitions, the
 * outbox, the cache.
 *
 * Under the lock, one statement moves the account's clock and reads the equipment and
 * its schedules; the next dates and the answer are computed here from those rows, the
 * events by the writer, and one statement writes the schedule, the inspection, the events
 * and the write's closing statements. With the
 * key's claim before them, four statements in all (and one more when time made
 * transitions since the account's last write), where there were ten: planning them was
 * most of an inspection's database time.
 *
 * @param write - the write's transaction
 * @param request - the checked call
 * @returns the success body
 * @throws ApiError `content_not_found` (schedule, inspector), `parameter_missing` /
 *   `parameter_invalid` (next dates the schedule cannot give)
 */
export async function recordInspection(
  write: WriteTransaction,
  request: InspectionRequest,
): Promise<InspectionsRecordResult> {
  const { accountId, params, now } = request;
  const scheduleNotFound = () =>
    notFound(
      `schedule not found: ${quoteInput(params.schedule_id)} of equipment ${quoteInput(params.equipment_id)}`,
    );
  // A text the database cannot hold is no equipment's or schedule's id.
  if (!isStorableText(params.equipment_id) || !isStorableText(params.schedule_id)) throw scheduleNotFound();
  const events = await EventWriter.open<InspectedEquipment>(
    write,
    { accounts: [accountId], at: now },
    (param) =>
      inspectedEquipmentSql(param, accountId, {
        equipment_id: params.equipment_id,
        schedule_id: params.schedule_id,
        // A text the database cannot hold is no user's id.
        inspector_id: isStorableText(params.inspector_id) ? params.inspector_id : "",
      }),
  );
  const { instant, read: found } = events;
  const schedule = found?.schedules.find((s) => s.schedule_id === params.schedule_id);
  if (!found || !schedule) throw scheduleNotFound();
  if (!found.inspector_known) throw notFound(`inspector not found: ${quoteInput(params.inspector_id)}`);
  const performedAt = params.performed_at ?? now;
  const dates = nextScheduleDates(
    { result: params.result, performedAt, expiresOn: params.expiresOn, expiringOn: params.expiringOn },
    schedule,
  );
  const latest = number(found.latest_performed_at);
  const lateEntry =
    (schedule.lastCompletedOn !== null && performedAt < schedule.lastCompletedOn) ||
    (latest !== null && performedAt < latest);
  const inspection = inspectionOf(params, found, {
    performedAt,
    recordedAt: instant,
    dates: lateEntry ? null : dates,
  });
  // A late entry leaves the schedule as it is: nothing changes, no event.
  const after = lateEntry
    ? found.schedules
    : found.schedules.map((s) => (s === schedule ? { ...s, ...dates } : s));
  const answer: InspectionsRecordResult = {
    ok: true,
    inspection,
    equipment: equipmentRecordOfRows(
      { ...found, version: versionAfter(found, schedule, dates, lateEntry) },
      after,
      instant,
    ),
    late_entry: lateEntry,
  };
  const state = { accountId, equipmentTypeId: found.equipment_type_id };
  await events.record(
    {
      cause: "inspection",
      key: inspection.id,
      equipment: [
        {
          equipmentId: params.equipment_id,
          before: { ...state, schedules: found.schedules },
          after: { ...state, schedules: after },
        },
      ],
      records: versionEvents(found, answer.equipment, { ...state, instant }),
    },
    (param) => [
      ...(lateEntry ? [] : [moveScheduleDatesSql(param, params.equipment_id, params.schedule_id, dates)]),
      insertInspectionSql(param, accountId, inspection),
      ...write.closingSql(param, answer),
    ],
  );
  return answer;
}

/**
 * The record events of the recording: new dates make a new version, and each version has
 * its one event (`equipment.updated`, the schedules as they were before); a recording that
 * moves no date, none.
 */
function versionEvents(
  found: InspectedEquipment,
  equipment: Equipment,
  at: { accountId: string; equipmentTypeId: string; instant: number },
): RecordEvent[] {
  if (equipment.version === Number(found.version)) return [];
  const { instant, ...state } = at;
  return [
    {
      type: "equipment.updated",
      ...state,
      equipmentId: equipment.id,
      record: equipment,
      previousAttributes: { schedules: equipmentRecordOfRows(found, found.schedules, instant).schedules },
    },
  ];
}

/** The inspection's record: the dates it set, or none for a late entry (`dates` null). */
function inspectionOf(
  params: InspectionRequest["params"],
  found: InspectedEquipment,
  at: { performedAt: number; recordedAt: number; dates: ScheduleDatesAfter | null },
): Inspection {
  return {
    id: newInspectionId(),
    equipment_id: params.equipment_id,
    equipmentType_id: found.equipment_type_id,
    schedule_id: params.schedule_id,
    serialNumber: found.serial_number,
    result: params.result,
    performed_at: at.performedAt,
    recorded_at: at.recordedAt,
    inspector_id: params.inspector_id,
    notes: params.notes ?? null,
    expiresOn: at.dates?.expiresOn ?? null,
    expiringOn: at.dates?.expiringOn ?? null,
  };
}

/**
 * The equipment's version after the recording: new dates make a new one (migration 0015's
 * trigger, once per transaction); dates the inspection leaves as they were, or a late
 * entry, none.
 */
function versionAfter(
  found: InspectedEquipment,
  schedule: StoredSchedule,
  dates: ScheduleDatesAfter,
  lateEntry: boolean,
): number {
  const redated =
    !lateEntry &&
    (dates.expiresOn !== schedule.expiresOn ||
      dates.expiringOn !== schedule.expiringOn ||
      dates.lastCompletedOn !== schedule.lastCompletedOn);
  return Number(found.version) + (redated ? 1 : 0);
}

/** The schedule's new dates, as a write of the recording's writing statement. */
function moveScheduleDatesSql(
  param: SqlParam,
  equipmentId: string,
  scheduleId: string,
  dates: ScheduleDatesAfter,
): string {
  return `moved_schedule AS (
     UPDATE schedules SET expires_on = ${param(dates.expiresOn, "bigint")}, expiring_on = ${param(dates.expiringOn, "bigint")},
                          last_completed_on = ${param(dates.lastCompletedOn, "bigint")}
      WHERE equipment_id = ${param(equipmentId, "text")} AND schedule_id = ${param(scheduleId, "text")}
   )`;
}

/** The inspection's row, as a write of the recording's writing statement. */
function insertInspectionSql(param: SqlParam, accountId: string, inspection: Inspection): string {
  return `recorded_inspection AS (
     INSERT INTO inspections (id, account_id, equipment_id, equipment_type_id, schedule_id, serial_number, result,
                              performed_at, recorded_at, inspector_id, notes, expires_on, expiring_on)
     VALUES (${[
       param(inspection.id, "text"),
       param(accountId, "text"),
       param(inspection.equipment_id, "text"),
       param(inspection.equipmentType_id, "text"),
       param(inspection.schedule_id, "text"),
       param(inspection.serialNumber, "text"),
       param(inspection.result, "text"),
       param(inspection.performed_at, "bigint"),
       param(inspection.recorded_at, "bigint"),
       param(inspection.inspector_id, "text"),
       param(inspection.notes, "text"),
       param(inspection.expiresOn, "bigint"),
       param(inspection.expiringOn, "bigint"),
     ].join(", ")})
   )`;
}
