import type { Event } from "@wsafe/schema";

/**
 * The statuses of an account's equipment and schedules at one instant, keyed by
 * `type|equipment` and `type|equipment|schedule`: what `equipments.list` answers, and
 * what the events move from one instant to another.
 */
export type StatusMap = Map<string, string>;

/** The key of an event's equipment or schedule in a {@link StatusMap}. */
export function statusKey(event: Pick<Event, "equipmentType_id" | "equipment_id" | "schedule_id">): string {
  const equipment = `${event.equipmentType_id}|${event.equipment_id}`;
  return event.schedule_id === undefined ? equipment : `${equipment}|${event.schedule_id}`;
}

/** The statuses in one `equipments.list` answer (fields `id`, `equipmentType_id`, `status`, `schedules`). */
export function statusesOf(
  equipments: readonly {
    id: string;
    equipmentType_id: string;
    status: string;
    schedules: readonly { schedule_id: string; status: string }[];
  }[],
  into: StatusMap = new Map(),
): StatusMap {
  for (const equipment of equipments) {
    const key = `${equipment.equipmentType_id}|${equipment.id}`;
    into.set(key, equipment.status);
    for (const schedule of equipment.schedules) into.set(`${key}|${schedule.schedule_id}`, schedule.status);
  }
  return into;
}

/**
 * Applies events, in order, to statuses (a copy): each sets its equipment's or
 * schedule's status to `to`, a `from: null` adds it, a `to: null` removes it. Where the
 * statuses before the event are known to be those at the instant just before it
 * (`checkFromAfter` is before its instant), its `from` must be the status it finds,
 * else the answer is the list of such mismatches.
 *
 * @param start - the statuses at the window's start
 * @param events - the window's events, in the order they are to apply
 * @param checkFromAfter - `from` is checked for events after this instant
 */
export function foldEvents(
  start: StatusMap,
  events: readonly Event[],
  checkFromAfter: number,
): { statuses: StatusMap; mismatches: string[] } {
  const statuses = new Map(start);
  const mismatches: string[] = [];
  for (const event of events) {
    const key = statusKey(event);
    const found = statuses.get(key) ?? null;
    if (event.occurred_at > checkFromAfter && found !== event.from)
      mismatches.push(
        `${event.id} (${event.type} of ${key} at ${event.occurred_at}): from ${event.from}, found ${found}`,
      );
    if (event.to === null) statuses.delete(key);
    else statuses.set(key, event.to);
  }
  return { statuses, mismatches };
}

/**
 * Events in the order they apply: by instant, and within an instant recorded ones in
 * the order they were recorded (a time event before the import after it), then the
 * rest by id (computed events of one instant concern different things).
 */
export function inApplyOrder(events: readonly Event[]): Event[] {
  return [...events].sort(
    (a, b) =>
      a.occurred_at - b.occurred_at ||
      (a.sequence ?? Number.MAX_SAFE_INTEGER) - (b.sequence ?? Number.MAX_SAFE_INTEGER) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
