import { scheduleStatusAt } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import type { StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import { eventKinds } from "./eventRowSql.js";
import { statusTransitions } from "./statusTransitions.js";

const at = 10_000;
const schedule = (schedule_id: string, dates: Partial<StoredSchedule> = {}): StoredSchedule => ({
  schedule_id,
  expiresOn: at + 1_000,
  expiringOn: at + 500,
  lastCompletedOn: at - 1_000,
  interval: null,
  warning: null,
  ...dates,
});
const expired = { expiresOn: at - 10, expiringOn: at - 20 };

describe(statusTransitions, () => {
  it("is nothing when no status changes at the instant", () => {
    const before = [schedule("a"), schedule("b")];
    expect(statusTransitions(before, [schedule("a", { expiresOn: at + 2_000 }), schedule("b")], at)).toEqual(
      [],
    );
  });

  it("gives the schedule's transition, then its equipment's, by the schema's rules", () => {
    const before = [schedule("a", expired), schedule("b")];
    const after = [schedule("a"), schedule("b")];
    expect(scheduleStatusAt(before[0]!, at)).toBe("expired");
    expect(statusTransitions(before, after, at)).toEqual([
      { kind: eventKinds["schedule.status_changed"], schedule_id: "a", from: "expired", to: "uptodate" },
      { kind: eventKinds["equipment.status_changed"], schedule_id: "", from: "expired", to: "uptodate" },
    ]);
  });

  it("leaves out the equipment's when another schedule keeps it where it was", () => {
    const before = [schedule("a"), schedule("b", expired)];
    const after = [schedule("a", { expiringOn: at }), schedule("b", expired)];
    expect(statusTransitions(before, after, at)).toEqual([
      { kind: eventKinds["schedule.status_changed"], schedule_id: "a", from: "uptodate", to: "expiring" },
    ]);
  });

  it("counts a schedule never completed as expired, as the schema does", () => {
    const before = [schedule("a", { lastCompletedOn: null, expiresOn: null, expiringOn: null })];
    const after = [schedule("a")];
    expect(statusTransitions(before, after, at).map((t) => [t.from, t.to])).toEqual([
      ["expired", "uptodate"],
      ["expired", "uptodate"],
    ]);
  });

  it("refuses lists that are not the same schedules", () => {
    expect(() => statusTransitions([schedule("a")], [schedule("b")], at)).toThrow(/same schedules/);
    expect(() => statusTransitions([schedule("a")], [], at)).toThrow(/same schedules/);
  });
});
