// schedules.set over real HTTPS, on both stores: a schedule added, re-dated, given new
// rules or left as it is; the answer is the equipment as equipments.list returns it, with
// the version the store then holds (one more per changing write, none for a request that
// changes nothing); the events are recorded with it (equipment.updated with the schedules
// as they were, and the status transitions, a new schedule's from null); a retry answers
// the first answer and changes nothing more.
import { methods } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEventsOf, statusPart, storedVersion } from "./support/typesSchedulesEvents.js";
import {
  startTypesSchedulesServer,
  type TypesSchedulesServer,
  typesSchedulesIds,
  typesSchedulesTokens,
} from "./support/typesSchedulesScene.js";

const day = 86_400_000;
const own = typesSchedulesTokens(0);
const ids = typesSchedulesIds(0);
const count = 12;
const key = () => `key-${Math.random().toString(36).slice(2)}`;

describe.each(testStores)("schedules.set on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: TypesSchedulesServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startTypesSchedulesServer(db, count);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  const set = (equipmentId: string, more: object) =>
    t.call("schedules.set", { token: own.write, equipment_id: equipmentId, idempotency_key: key(), ...more });

  /** Sets, and holds the answer to the list, the version to the store's and the record event to both. */
  async function setAndCheck(equipmentId: string, more: object) {
    const before = await t.listed(equipmentId);
    const earlier = (await apiEventsOf(t, { equipmentId })).length;
    const answer = await set(equipmentId, more);
    expect(answer.body.ok, answer.text).toBe(true);
    const { equipment } = answer.body;
    expect(equipment).toEqual(await t.listed(equipmentId));
    expect(equipment.version).toBe(before.version + 1);
    expect(await storedVersion(t, equipmentId)).toBe(equipment.version);
    const events = (await apiEventsOf(t, { equipmentId })).slice(earlier);
    expect(events[0]).toEqual({
      type: "equipment.updated",
      cause: "api",
      equipment_id: equipmentId,
      schedule_id: null,
      from_status: null,
      to_status: null,
      record: equipment,
      previous_attributes: { schedules: before.schedules },
    });
    return { before, equipment, transitions: events.slice(1) };
  }

  const transition = (schedule: string | null, from: string | null, to: string | null) => ({
    type: schedule === null ? "equipment.status_changed" : "schedule.status_changed",
    schedule_id: schedule,
    from_status: from,
    to_status: to,
  });

  // Never completed, a new schedule is expired whatever its dates (the status rules:
  // `lastCompletedOn` null), until its first passed inspection.
  it.skipIf(skip)("adds a schedule beside the others, its first status from null", async () => {
    const dates = { expiresOn: t.now + 100 * day, expiringOn: t.now + 90 * day };
    const { before, equipment, transitions } = await setAndCheck(ids.equipment(1), {
      schedule_id: "sch_calib",
      interval: "P3M",
      warning: "P10D",
      ...dates,
    });
    expect(equipment.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual([
      "sch_annual",
      "sch_calib",
      "sch_monthly",
    ]);
    expect(equipment.schedules[1]).toEqual({
      schedule_id: "sch_calib",
      status: "expired",
      ...dates,
      lastCompletedOn: null,
      interval: "P3M",
      warning: "P10D",
    });
    expect({ ...equipment, schedules: before.schedules, version: before.version }).toEqual(before);
    // The equipment stays expired (sch_monthly): only the new schedule's status appears.
    expect(transitions.map(statusPart)).toEqual([transition("sch_calib", null, "expired")]);
  });

  it.skipIf(skip)("starts a schedule sent without dates expired, the equipment with it", async () => {
    const equipmentId = ids.equipment(count - 1);
    expect((await t.listed(equipmentId)).status).toBe("uptodate");
    const { equipment, transitions } = await setAndCheck(equipmentId, { schedule_id: "sch_new" });
    expect(equipment.status).toBe("expired");
    expect(equipment.schedules).toEqual([
      { schedule_id: "sch_new", status: "expired", expiresOn: null, expiringOn: null, lastCompletedOn: null },
    ]);
    expect(transitions.map(statusPart)).toEqual([
      transition("sch_new", null, "expired"),
      transition(null, "uptodate", "expired"),
    ]);
  });

  it.skipIf(skip)(
    "re-dates an expired schedule: only the dates sent change, both statuses recorded",
    async () => {
      const dates = { expiresOn: t.now + 20 * day, expiringOn: t.now + 15 * day };
      const { before, equipment, transitions } = await setAndCheck(ids.equipment(2), {
        schedule_id: "sch_monthly",
        ...dates,
      });
      expect(equipment.schedules[1]).toEqual({ ...before.schedules[1], ...dates, status: "uptodate" });
      expect(equipment.schedules[0]).toEqual(before.schedules[0]);
      expect(transitions.map(statusPart)).toEqual([
        transition("sch_monthly", "expired", "uptodate"),
        transition(null, "expired", "uptodate"),
      ]);
    },
  );

  it.skipIf(skip)("changes a rule alone: no date moves, no status changes; null removes a rule", async () => {
    const equipmentId = ids.equipment(3);
    const first = await setAndCheck(equipmentId, { schedule_id: "sch_annual", interval: "P6M" });
    expect(first.equipment.schedules[0]).toEqual({ ...first.before.schedules[0], interval: "P6M" });
    expect(first.transitions).toEqual([]);
    const second = await setAndCheck(equipmentId, {
      schedule_id: "sch_annual",
      interval: null,
      warning: null,
    });
    const { interval: _i, warning: _w, ...withoutRules } = first.equipment.schedules[0];
    expect(second.equipment.schedules[0]).toEqual(withoutRules);
    expect(second.equipment.version).toBe(first.before.version + 2);
  });

  it.skipIf(skip)(
    "answers a request that changes nothing with the same version, and records nothing",
    async () => {
      const equipmentId = ids.equipment(4);
      const before = await t.listed(equipmentId);
      const events = await apiEventsOf(t, { equipmentId });
      const { expiresOn, expiringOn, interval, warning } = before.schedules[0];
      const k = key();
      const same = {
        schedule_id: "sch_annual",
        expiresOn,
        expiringOn,
        interval,
        warning,
        idempotency_key: k,
      };
      const answer = await set(equipmentId, same);
      expect(answer.body).toEqual({ ok: true, equipment: before });
      expect(await storedVersion(t, equipmentId)).toBe(before.version);
      expect(await apiEventsOf(t, { equipmentId })).toEqual(events);
      // The answer is kept under its key all the same.
      expect((await set(equipmentId, same)).text).toBe(answer.text);
    },
  );

  it.skipIf(skip)(
    "answers a retry with the first answer, byte for byte: one version, one set of events",
    async () => {
      const equipmentId = ids.equipment(5);
      const k = key();
      const params = { schedule_id: "sch_monthly", expiresOn: t.now + 10 * day, idempotency_key: k };
      const first = await set(equipmentId, params);
      expect(first.body.ok, first.text).toBe(true);
      const events = await apiEventsOf(t, { equipmentId });
      const again = await set(equipmentId, params);
      expect(again.text).toBe(first.text);
      const overGet = await t.call(
        "schedules.set",
        { token: own.write, equipment_id: equipmentId, ...params },
        "GET",
      );
      expect(overGet.text).toBe(first.text);
      expect(await storedVersion(t, equipmentId)).toBe(first.body.equipment.version);
      expect(await apiEventsOf(t, { equipmentId })).toEqual(events);
      const reused = await set(equipmentId, { ...params, expiresOn: t.now + 11 * day });
      expect(reused.body.error).toBe("idempotency_key_reused");
    },
  );

  it.skipIf(skip)(
    "checks a date sent alone against the stored other, and accepts one that keeps the order",
    async () => {
      const equipmentId = ids.equipment(6);
      // sch_annual: expiring at now + 140 days, expiring on now + 200 days.
      const accepted = await set(equipmentId, { schedule_id: "sch_annual", expiringOn: t.now + 200 * day });
      expect(accepted.body.ok, accepted.text).toBe(true);
      const moved = await set(equipmentId, { schedule_id: "sch_annual", expiresOn: t.now + 300 * day });
      expect(moved.body.equipment.schedules[0].expiringOn).toBe(t.now + 200 * day);
      expect(moved.body.equipment.version).toBe(accepted.body.equipment.version + 1);
    },
  );

  it.skipIf(skip)(
    "serves its events through events.list as the schema says, to a reader naming them",
    async () => {
      const equipmentId = ids.equipment(7);
      const { before, equipment } = await setAndCheck(equipmentId, {
        schedule_id: "sch_monthly",
        expiresOn: t.now + 5 * day,
      });
      const window = {
        token: own.read,
        from: t.now - day,
        to: Date.now() + day,
        equipmentType_id: ids.harness,
      };
      const named = await t.call("events.list", {
        ...window,
        types: ["equipment.updated", "equipment.status_changed"],
      });
      expect(methods["events.list"].result.parse(named.body)).toEqual(named.body);
      // Its own events: time's, expected as the new dates stand, are not this write's.
      const ours = named.body.events.filter(
        (e: { equipment_id?: string; cause: string }) => e.equipment_id === equipmentId && e.cause === "api",
      );
      // One instant: events.list orders them by id, not by their sequence.
      expect(ours.map((e: { type: string }) => e.type).sort()).toEqual([
        "equipment.status_changed",
        "equipment.updated",
      ]);
      expect(ours.find((e: { type: string }) => e.type === "equipment.updated")).toMatchObject({
        cause: "api",
        equipment,
        previous_attributes: { schedules: before.schedules },
      });
      // A reader naming no type gets the status transitions only.
      const plain = await t.call("events.list", window);
      const types = new Set(plain.body.events.map((e: { type: string }) => e.type));
      expect([...types].sort()).toEqual(["equipment.status_changed", "schedule.status_changed"]);
    },
  );
});
