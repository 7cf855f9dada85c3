import { scheduleStatusAt } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import type { StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import { type EquipmentState, equipmentTransitions } from "./equipmentTransitions.js";

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
const state = (schedules: StoredSchedule[], where: Partial<EquipmentState> = {}): EquipmentState => ({
  accountId: "acc_1",
  equipmentTypeId: "et_1",
  schedules,
  ...where,
});
/** The transitions of eq_1 from `before` to `after`, as `type schedule from>to account/type` lines. */
const lines = (before: EquipmentState | null, after: EquipmentState | null) =>
  equipmentTransitions({ equipmentId: "eq_1", before, after }, at).map(
    (t) =>
      `${t.type} ${t.scheduleId ?? "-"} ${t.from ?? "null"}>${t.to ?? "null"} ${t.accountId}/${t.equipmentTypeId}`,
  );

describe(equipmentTransitions, () => {
  it("is nothing when no status changes at the instant", () => {
    const before = state([schedule("a"), schedule("b")]);
    expect(lines(before, state([schedule("a", { expiresOn: at + 2_000 }), schedule("b")]))).toEqual([]);
  });

  it("gives a re-dated schedule's transition, then its equipment's, by the schema's rules", () => {
    const before = state([schedule("a", expired), schedule("b")]);
    expect(scheduleStatusAt(before.schedules[0]!, at)).toBe("expired");
    expect(lines(before, state([schedule("a"), schedule("b")]))).toEqual([
      "schedule.status_changed a expired>uptodate acc_1/et_1",
      "equipment.status_changed - expired>uptodate acc_1/et_1",
    ]);
  });

  it("leaves out the equipment's when another schedule keeps it where it was", () => {
    const before = state([schedule("a"), schedule("b", expired)]);
    const after = state([schedule("a", { expiringOn: at }), schedule("b", expired)]);
    expect(lines(before, after)).toEqual(["schedule.status_changed a uptodate>expiring acc_1/et_1"]);
  });

  it("counts a schedule never completed as expired, as the schema does", () => {
    const before = state([schedule("a", { lastCompletedOn: null, expiresOn: null, expiringOn: null })]);
    expect(lines(before, state([schedule("a")]))).toEqual([
      "schedule.status_changed a expired>uptodate acc_1/et_1",
      "equipment.status_changed - expired>uptodate acc_1/et_1",
    ]);
  });

  it("numbers schedules by id whatever order the caller gave them in", () => {
    const before = state([schedule("b", expired), schedule("a", expired)]);
    expect(lines(before, state([schedule("b"), schedule("a")]))).toEqual([
      "schedule.status_changed a expired>uptodate acc_1/et_1",
      "schedule.status_changed b expired>uptodate acc_1/et_1",
      "equipment.status_changed - expired>uptodate acc_1/et_1",
    ]);
  });

  it("gives a schedule added from null, and the equipment's status it changes", () => {
    const before = state([schedule("a")]);
    expect(lines(before, state([schedule("a"), schedule("b", expired)]))).toEqual([
      "schedule.status_changed b null>expired acc_1/et_1",
      "equipment.status_changed - uptodate>expired acc_1/et_1",
    ]);
  });

  it("gives a schedule removed to null first, then what it changes", () => {
    const before = state([schedule("a"), schedule("b", expired)]);
    expect(lines(before, state([schedule("a", { expiringOn: at })]))).toEqual([
      "schedule.status_changed b expired>null acc_1/et_1",
      "schedule.status_changed a uptodate>expiring acc_1/et_1",
      "equipment.status_changed - expired>expiring acc_1/et_1",
    ]);
  });

  it("gives an equipment created from null, with no schedule an up-to-date one", () => {
    expect(lines(null, state([schedule("a", expired)]))).toEqual([
      "schedule.status_changed a null>expired acc_1/et_1",
      "equipment.status_changed - null>expired acc_1/et_1",
    ]);
    expect(lines(null, state([]))).toEqual(["equipment.status_changed - null>uptodate acc_1/et_1"]);
  });

  it("gives an equipment retired to null, its schedules first", () => {
    expect(lines(state([schedule("a"), schedule("b", expired)]), null)).toEqual([
      "schedule.status_changed a uptodate>null acc_1/et_1",
      "schedule.status_changed b expired>null acc_1/et_1",
      "equipment.status_changed - expired>null acc_1/et_1",
    ]);
  });

  it("moves an equipment to another type or account as leaving where it was, then appearing where it goes", () => {
    const before = state([schedule("a")]);
    const expected = (to: string) => [
      "schedule.status_changed a uptodate>null acc_1/et_1",
      "equipment.status_changed - uptodate>null acc_1/et_1",
      `schedule.status_changed a null>uptodate ${to}`,
      `equipment.status_changed - null>uptodate ${to}`,
    ];
    expect(lines(before, state([schedule("a")], { equipmentTypeId: "et_2" }))).toEqual(
      expected("acc_1/et_2"),
    );
    expect(lines(before, state([schedule("a")], { accountId: "acc_2" }))).toEqual(expected("acc_2/et_1"));
  });

  it("gives nothing for an equipment put out of service with its dates unchanged: service is no status", () => {
    const before = state([schedule("a", expired)]);
    expect(lines(before, state([schedule("a", expired)]))).toEqual([]);
  });
});
