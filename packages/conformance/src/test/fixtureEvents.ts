import { createHash } from "node:crypto";
import { type DatasetEquipment, equipmentStatusOf, type Status, scheduleStatusAt } from "@wsafe/schema";

type Row = Record<string, unknown>;

/** A stable id for the fixture's own events: what the event is, hashed. */
const eventId = (parts: readonly unknown[]) =>
  `ev_fx_${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 20)}`;

/**
 * The fixture's events in a window, computed from its equipment by the schema's status
 * rules, written apart from the server's SQL: at each date of a schedule inside the
 * window, a schedule whose status one millisecond before differs from its status at the
 * date changed, and so did its equipment when its worst status did. Those up to `now`
 * happened (a sequence rising with the instant, a schedule's before its equipment's),
 * the rest are expected. The fixture has no imports, so every cause is `time`.
 *
 * @param equipments - the visible equipment
 * @param from - the window's start (included)
 * @param to - its end (included)
 * @param now - the request's instant
 */
export function fixtureEvents(
  equipments: readonly DatasetEquipment[],
  from: number,
  to: number,
  now: number,
): Row[] {
  const events: Row[] = [];
  for (const equipment of equipments) {
    const dates = new Set<number>();
    for (const schedule of equipment.schedules)
      for (const date of [schedule.expiringOn, schedule.expiresOn])
        if (date !== null && date >= from && date <= to) dates.add(date);
    for (const at of [...dates].sort((a, b) => a - b)) {
      const event = (kind: number, schedule: string | undefined, before: Status, after: Status): Row => ({
        id: eventId([equipment.id, schedule ?? null, at, before, after]),
        type: schedule === undefined ? "equipment.status_changed" : "schedule.status_changed",
        occurred_at: at,
        cause: "time",
        expected: at > now,
        equipment_id: equipment.id,
        equipmentType_id: equipment.equipmentType_id,
        ...(schedule === undefined ? {} : { schedule_id: schedule }),
        from: before,
        to: after,
        sequence: at > now ? null : (at / 1000) * 8 + kind,
      });
      const before = equipment.schedules.map((schedule) => scheduleStatusAt(schedule, at - 1));
      const after = equipment.schedules.map((schedule) => scheduleStatusAt(schedule, at));
      equipment.schedules.forEach((schedule, index) => {
        if (before[index] !== after[index])
          events.push(event(index, schedule.schedule_id, before[index]!, after[index]!));
      });
      const [was, is] = [equipmentStatusOf(before), equipmentStatusOf(after)];
      if (was !== is) events.push(event(7, undefined, was, is));
    }
  }
  return events;
}
