import { type EventType, equipmentStatusOf, type Status } from "@wsafe/schema";
import { type StoredSchedule, scheduleRecordAt } from "../store/queries/equipmentRecordOfRows.js";
import { eventTypeOrder, statusEventTypes } from "./eventTypes.js";

/**
 * An equipment as the register holds it, as far as its statuses go: whose it is, its
 * type, and its schedules' dates. Whether it is in service changes no status (an
 * equipment out of service keeps its statuses, and `equipments.list` shows them with
 * `service_type` `out`), so it is not part of this.
 */
export interface EquipmentState {
  accountId: string;
  equipmentTypeId: string;
  /** Its schedules, each once (the writer sorts them by `schedule_id`). */
  schedules: readonly StoredSchedule[];
}

/**
 * What one write does to one equipment, described by the handler: the equipment as it read
 * it and as it wrote it. `before` `null`: it appears (created); `after` `null`: it leaves
 * the register (retired). A different `accountId` or `equipmentTypeId` after is a move: it
 * leaves where it was and appears where it goes, as an import's move does.
 */
export interface EquipmentChange {
  equipmentId: string;
  before: EquipmentState | null;
  after: EquipmentState | null;
}

/** One status a write changes, as its event will say it. */
export interface StatusTransition {
  type: EventType;
  equipmentId: string;
  accountId: string;
  equipmentTypeId: string;
  /** The schedule; `null` on an equipment's transition. */
  scheduleId: string | null;
  /** `null`: the equipment or schedule appears. */
  from: Status | null;
  /** `null`: the equipment or schedule goes. */
  to: Status | null;
}

/** One status of an equipment at an instant: a schedule's (by id), or the equipment's (`null`). */
type StatusAt = { scheduleId: string | null; status: Status };

/** The statuses of an equipment at `at`: each schedule's in `schedule_id` order, then its own (worst of them). */
function statusesAt(state: EquipmentState, at: number): StatusAt[] {
  const schedules = [...state.schedules]
    .sort((a, b) => byCodeUnits(a.schedule_id, b.schedule_id))
    .map((schedule) => ({ scheduleId: schedule.schedule_id, status: scheduleRecordAt(schedule, at).status }));
  return [...schedules, { scheduleId: null, status: equipmentStatusOf(schedules.map((s) => s.status)) }];
}

/** One transition of `state`'s equipment, typed by its subject. */
const transition = (
  equipmentId: string,
  state: EquipmentState,
  scheduleId: string | null,
  from: Status | null,
  to: Status | null,
): StatusTransition => ({
  type: statusEventTypes[scheduleId === null ? "equipment" : "schedule"],
  equipmentId,
  accountId: state.accountId,
  equipmentTypeId: state.equipmentTypeId,
  scheduleId,
  from,
  to,
});

/** Numbering order within one equipment's side of a change: by type's order, then schedule. */
const byTypeThenSchedule = (a: StatusTransition, b: StatusTransition) =>
  eventTypeOrder(a.type) - eventTypeOrder(b.type) || byCodeUnits(a.scheduleId ?? "", b.scheduleId ?? "");

/** Ids compared as the store's "C" collation compares them. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every status transition one equipment's change makes at the instant `at`, by the
 * schema's rules (`scheduleStatusAt`, `equipmentStatusOf`), in the order their events are
 * numbered in: what goes first (a schedule removed, or the equipment leaving its account
 * or type: `to` null), then what changes or appears, each side schedules before the
 * equipment (the order of `eventTypeRules`), schedules by id. The same rules as the
 * set-based statement of an import (`statusChangesSql`): a status compared by equipment,
 * schedule, account and type.
 *
 * @param change - the equipment before and after the write
 * @param at - the write's instant (ms)
 * @example
 * equipmentTransitions({ equipmentId: "eq_1", before: null, after: state }, now); // it appears: `from` null
 */
export function equipmentTransitions(change: EquipmentChange, at: number): StatusTransition[] {
  const { equipmentId, before, after } = change;
  const moved =
    before !== null &&
    after !== null &&
    (before.accountId !== after.accountId || before.equipmentTypeId !== after.equipmentTypeId);
  const was = before ? statusesAt(before, at) : [];
  const is = after ? statusesAt(after, at) : [];
  const gone: StatusTransition[] = [];
  const kept: StatusTransition[] = [];
  if (before)
    for (const old of was) {
      const now = moved ? undefined : is.find((s) => s.scheduleId === old.scheduleId);
      if (now === undefined) gone.push(transition(equipmentId, before, old.scheduleId, old.status, null));
      else if (now.status !== old.status && after)
        kept.push(transition(equipmentId, after, old.scheduleId, old.status, now.status));
    }
  if (after)
    for (const now of is)
      if (moved || !was.some((s) => s.scheduleId === now.scheduleId))
        kept.push(transition(equipmentId, after, now.scheduleId, null, now.status));
  return [...gone.sort(byTypeThenSchedule), ...kept.sort(byTypeThenSchedule)];
}
