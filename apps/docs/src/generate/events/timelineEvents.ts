// The events one equipment's dates give, computed with the schema's own status rules
// (`scheduleStatusAt`, `equipmentStatusOf`) at each instant where a status may change:
// what the Events page draws and lists. test/eventsExamples.test.ts checks it against
// `events.list` of a real server holding the same data.
import {
  type EventCause,
  type EventType,
  equipmentStatusOf,
  type ScheduleDateField,
  type Status,
  scheduleStatusAt,
  scheduleStatusRules,
} from "@wsafe/schema";
import type { TimelineEquipment } from "./timelineEquipment.js";

/** An event as `events.list` answers it, without what depends on when it is asked (`id`, `expected`, `sequence`). */
export interface TimelineEvent {
  type: EventType;
  occurred_at: number;
  cause: EventCause;
  equipment_id: string;
  equipmentType_id: string;
  schedule_id?: string;
  from: Status | null;
  to: Status | null;
}

/** The statuses of an equipment and of each of its schedules at one instant. */
export interface TimelineStatuses {
  equipment: Status;
  schedules: Record<string, Status>;
}

/** The date fields whose instant the rules compare `now` with: the only ones time can pass. */
const reachedFields: readonly ScheduleDateField[] = scheduleStatusRules.flatMap((rule) =>
  "reached" in rule.when ? [rule.when.reached] : [],
);

/**
 * The statuses of the equipment at `now`, by the schema's rules.
 *
 * @example
 * statusesAt(timelineEquipment, exampleInstant).equipment; // "uptodate"
 */
export function statusesAt(equipment: TimelineEquipment, now: number): TimelineStatuses {
  const schedules = Object.fromEntries(
    equipment.schedules.map((schedule) => [schedule.schedule_id, scheduleStatusAt(schedule, now)]),
  );
  return { equipment: equipmentStatusOf(Object.values(schedules)), schedules };
}

/**
 * Every event of the equipment from its import at `importedAt` on: at the import, each
 * schedule and the equipment appear (`from: null`, cause `import`); then, at each date
 * that time reaches, each status that changes (cause `time`). Ordered by `occurred_at`,
 * the schedules' events (in `schedule_id` order) before the equipment's.
 *
 * @param equipment - the equipment and its schedules' dates
 * @param importedAt - the instant it was imported (ms)
 * @example
 * timelineEvents(timelineEquipment, exampleInstant).map((event) => event.to);
 */
export function timelineEvents(equipment: TimelineEquipment, importedAt: number): TimelineEvent[] {
  const dates = equipment.schedules.flatMap((schedule) =>
    reachedFields.map((field) => schedule[field]).filter((date): date is number => date !== null),
  );
  // A date the import already passed is no transition: its status is the import's.
  const instants = [importedAt, ...new Set(dates.filter((date) => date > importedAt))].sort((a, b) => a - b);
  const base = { equipment_id: equipment.id, equipmentType_id: equipment.equipmentType_id };
  const events: TimelineEvent[] = [];
  let before: TimelineStatuses | undefined;
  for (const instant of instants) {
    const now = statusesAt(equipment, instant);
    const cause: EventCause = before ? "time" : "import";
    for (const [schedule_id, to] of Object.entries(now.schedules).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const from = before?.schedules[schedule_id] ?? null;
      if (from !== to)
        events.push({
          type: "schedule.status_changed",
          occurred_at: instant,
          cause,
          ...base,
          schedule_id,
          from,
          to,
        });
    }
    const from = before?.equipment ?? null;
    if (from !== now.equipment)
      events.push({
        type: "equipment.status_changed",
        occurred_at: instant,
        cause,
        ...base,
        from,
        to: now.equipment,
      });
    before = now;
  }
  return events;
}
