import { describe, expect, it } from "vitest";
import type { TimelineEquipment } from "./timelineEquipment.js";
import { statusesAt, timelineEvents } from "./timelineEvents.js";

const day = 86_400_000;
const equipment = (schedules: TimelineEquipment["schedules"]): TimelineEquipment => ({
  id: "eq_1",
  serialNumber: "S-1",
  equipmentType_id: "et_1",
  schedules,
});
const base = { equipment_id: "eq_1", equipmentType_id: "et_1" };
// Two schedules whose dates interleave: a expiring at 10, b expiring at 20, a expired at 30, b expired at 40.
const interleaved = equipment([
  { schedule_id: "a", lastCompletedOn: 0, expiringOn: 10 * day, expiresOn: 30 * day },
  { schedule_id: "b", lastCompletedOn: 0, expiringOn: 20 * day, expiresOn: 40 * day },
]);

describe(timelineEvents, () => {
  it("makes every schedule and the equipment appear at the import, then follows time", () => {
    expect(timelineEvents(interleaved, day)).toEqual([
      {
        type: "schedule.status_changed",
        occurred_at: day,
        cause: "import",
        ...base,
        schedule_id: "a",
        from: null,
        to: "uptodate",
      },
      {
        type: "schedule.status_changed",
        occurred_at: day,
        cause: "import",
        ...base,
        schedule_id: "b",
        from: null,
        to: "uptodate",
      },
      {
        type: "equipment.status_changed",
        occurred_at: day,
        cause: "import",
        ...base,
        from: null,
        to: "uptodate",
      },
      {
        type: "schedule.status_changed",
        occurred_at: 10 * day,
        cause: "time",
        ...base,
        schedule_id: "a",
        from: "uptodate",
        to: "expiring",
      },
      {
        type: "equipment.status_changed",
        occurred_at: 10 * day,
        cause: "time",
        ...base,
        from: "uptodate",
        to: "expiring",
      },
      {
        type: "schedule.status_changed",
        occurred_at: 20 * day,
        cause: "time",
        ...base,
        schedule_id: "b",
        from: "uptodate",
        to: "expiring",
      },
      {
        type: "schedule.status_changed",
        occurred_at: 30 * day,
        cause: "time",
        ...base,
        schedule_id: "a",
        from: "expiring",
        to: "expired",
      },
      {
        type: "equipment.status_changed",
        occurred_at: 30 * day,
        cause: "time",
        ...base,
        from: "expiring",
        to: "expired",
      },
      {
        type: "schedule.status_changed",
        occurred_at: 40 * day,
        cause: "time",
        ...base,
        schedule_id: "b",
        from: "expiring",
        to: "expired",
      },
    ]);
  });

  // "Transitions that the imported dates place before the import are not history."
  it("gives no event for a date the import already passed", () => {
    const events = timelineEvents(interleaved, 25 * day);
    expect(events.filter((event) => event.cause === "import").map((event) => event.to)).toEqual([
      "expiring",
      "expiring",
      "expiring",
    ]);
    expect(events.filter((event) => event.cause === "time").map((event) => event.occurred_at)).toEqual([
      30 * day,
      30 * day,
      40 * day,
    ]);
  });

  it("counts a date at the import's very instant as reached by the import", () => {
    const events = timelineEvents(interleaved, 10 * day);
    expect(events.find((event) => event.type === "equipment.status_changed")).toMatchObject({
      cause: "import",
      to: "expiring",
    });
    expect(events.some((event) => event.occurred_at === 10 * day && event.cause === "time")).toBe(false);
  });

  it("gives a never-completed schedule `expired` at the import and nothing after", () => {
    const never = equipment([{ schedule_id: "a", lastCompletedOn: null, expiringOn: null, expiresOn: null }]);
    expect(timelineEvents(never, day).map((event) => [event.cause, event.to])).toEqual([
      ["import", "expired"],
      ["import", "expired"],
    ]);
  });

  it("gives an equipment without schedules one event: `uptodate` at the import", () => {
    expect(timelineEvents(equipment([]), day)).toEqual([
      {
        type: "equipment.status_changed",
        occurred_at: day,
        cause: "import",
        ...base,
        from: null,
        to: "uptodate",
      },
    ]);
  });
});

describe(statusesAt, () => {
  it("computes each schedule's status and the most severe as the equipment's", () => {
    expect(statusesAt(interleaved, 25 * day)).toEqual({
      equipment: "expiring",
      schedules: { a: "expiring", b: "expiring" },
    });
    expect(statusesAt(interleaved, 35 * day)).toEqual({
      equipment: "expired",
      schedules: { a: "expired", b: "expiring" },
    });
  });
});
