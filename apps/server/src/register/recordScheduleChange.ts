import { randomUUID } from "node:crypto";
import type { SchedulesSetResult } from "@wsafe/schema";
import type { EventWriter } from "../events/EventWriter.js";
import { equipmentRecordOfRows, type StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import type { ScheduledEquipment } from "./scheduledEquipmentRead.js";

/** The success body of `schedules.set` and `schedules.remove` (the same shape). */
export type ScheduleWriteResult = SchedulesSetResult;

/** One schedule write of one equipment, as its handler computed it under the lock. */
export interface ScheduleChange {
  accountId: string;
  equipmentId: string;
  /** The equipment as read, its schedules before the write. */
  found: ScheduledEquipment;
  /** Its schedules after the write, in `schedule_id` order. */
  after: readonly StoredSchedule[];
  /** The write of the schedule itself (`scheduleWrites.ts`), for the writing statement. */
  write: (param: SqlParam) => string;
}

/**
 * Records a change of an equipment's schedules (one added, changed or removed): in one
 * statement, the schedule's write, its events (cause `api`: the status transitions the
 * writer computes from the schedules before and after, and `equipment.updated` with the
 * record as answered and `previous_attributes.schedules`, the schedules as they were at
 * that instant) and the write's answer under its key. The answer is the equipment as
 * `equipments.list` returns it at the writer's instant, with the `version` read plus one:
 * migration 0015's triggers make exactly one version per transaction that changes it.
 *
 * @param transaction - the write's transaction
 * @param events - the writer opened for the account, which read `change.found`
 * @param change - the equipment before and after, and the schedule's write
 * @returns the success body
 */
export async function recordScheduleChange(
  transaction: WriteTransaction,
  events: EventWriter<ScheduledEquipment>,
  change: ScheduleChange,
): Promise<ScheduleWriteResult> {
  const { accountId, equipmentId, found, after } = change;
  const { instant } = events;
  const equipment = equipmentRecordOfRows({ ...found, version: Number(found.version) + 1 }, after, instant);
  const previous = equipmentRecordOfRows(found, found.schedules, instant).schedules;
  const answer: ScheduleWriteResult = { ok: true, equipment };
  const state = { accountId, equipmentTypeId: found.equipment_type_id };
  await events.record(
    {
      cause: "api",
      key: randomUUID(),
      equipment: [
        {
          equipmentId,
          before: { ...state, schedules: found.schedules },
          after: { ...state, schedules: after },
        },
      ],
      records: [
        {
          type: "equipment.updated",
          ...state,
          equipmentId,
          record: equipment,
          previousAttributes: { schedules: previous },
        },
      ],
    },
    (param) => [change.write(param), ...transaction.closingSql(param, answer)],
  );
  return answer;
}
