import { equipmentStatusOf, type Status } from "@wsafe/schema";
import { type StoredSchedule, scheduleRecordAt } from "../store/queries/equipmentRecordOfRows.js";
import { eventKinds } from "./eventRowSql.js";

/** One status that a write changes: a schedule's, or (`schedule_id` `''`) its equipment's. */
export interface StatusTransition {
  /** See `eventKinds`. */
  kind: number;
  /** The schedule; `''` on the equipment's transition. */
  schedule_id: string;
  from: Status;
  to: Status;
}

/**
 * The statuses a write changes in one equipment whose schedules' dates it changed, each
 * status computed at the same instant `at` before and after the write by the schema's
 * rules (`scheduleStatusAt`, `equipmentStatusOf`), from rows the writer read and what it
 * wrote, in the order their events are numbered in: each schedule whose status differs
 * (in `schedule_id` order), then the equipment's when its own differs (a schedule's
 * transition before its equipment's, as `statusChangesSql` orders them).
 *
 * The write changes dates only: the same schedules, in the same order, before and after.
 *
 * @param before - the equipment's schedules as read, in `schedule_id` order
 * @param after - the same schedules as written
 * @param at - the write's instant (ms)
 * @throws Error when the two lists are not of the same schedules
 */
export function statusTransitions(
  before: readonly StoredSchedule[],
  after: readonly StoredSchedule[],
  at: number,
): StatusTransition[] {
  if (before.length !== after.length || before.some((s, i) => s.schedule_id !== after[i]!.schedule_id))
    throw new Error("statusTransitions compares the same schedules before and after a write");
  const from = before.map((schedule) => scheduleRecordAt(schedule, at).status);
  const to = after.map((schedule) => scheduleRecordAt(schedule, at).status);
  const transitions: StatusTransition[] = [];
  before.forEach((schedule, i) => {
    if (from[i] !== to[i])
      transitions.push({
        kind: eventKinds["schedule.status_changed"],
        schedule_id: schedule.schedule_id,
        from: from[i]!,
        to: to[i]!,
      });
  });
  const equipmentFrom = equipmentStatusOf(from);
  const equipmentTo = equipmentStatusOf(to);
  if (equipmentFrom !== equipmentTo)
    transitions.push({
      kind: eventKinds["equipment.status_changed"],
      schedule_id: "",
      from: equipmentFrom,
      to: equipmentTo,
    });
  return transitions;
}
