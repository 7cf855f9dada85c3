// schedules.remove over real HTTPS, on both stores: the schedule leaves the equipment (one
// version more), its inspections stay in inspections.list, its last transition (to null),
// the equipment's when it changes and equipment.updated are recorded with it; a retry
// answers the first answer, a second removal with a new key answers content_not_found;
// the same schedule_id set again later starts a new schedule; writes of one equipment sent
// at once each make one version, one after the other.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
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
const key = () => `key-${Math.random().toString(36).slice(2)}`;

describe.each(testStores)("schedules.remove on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: TypesSchedulesServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startTypesSchedulesServer(db, 8);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  const remove = (equipmentId: string, scheduleId: string, k = key()) =>
    t.call("schedules.remove", {
      token: own.write,
      equipment_id: equipmentId,
      schedule_id: scheduleId,
      idempotency_key: k,
    });

  it.skipIf(skip)(
    "removes the expired schedule: the equipment is up to date, every transition recorded",
    async () => {
      const equipmentId = ids.equipment(1);
      const before = await t.listed(equipmentId);
      const answer = await remove(equipmentId, "sch_monthly");
      expect(answer.body.ok, answer.text).toBe(true);
      const { equipment } = answer.body;
      expect(equipment).toEqual({
        ...before,
        status: "uptodate",
        schedules: [before.schedules[0]],
        version: before.version + 1,
      });
      expect(await t.listed(equipmentId)).toEqual(equipment);
      expect(await storedVersion(t, equipmentId)).toBe(before.version + 1);
      const events = await apiEventsOf(t, { equipmentId });
      expect(events[0]).toMatchObject({
        type: "equipment.updated",
        record: equipment,
        previous_attributes: { schedules: before.schedules },
      });
      expect(events.slice(1).map(statusPart)).toEqual([
        {
          type: "schedule.status_changed",
          schedule_id: "sch_monthly",
          from_status: "expired",
          to_status: null,
        },
        {
          type: "equipment.status_changed",
          schedule_id: null,
          from_status: "expired",
          to_status: "uptodate",
        },
      ]);
    },
  );

  it.skipIf(skip)(
    "keeps the schedule's inspections; the same id set again starts a new schedule",
    async () => {
      const equipmentId = ids.equipment(2);
      const recorded = await t.call("inspections.record", {
        token: own.write,
        equipment_id: equipmentId,
        schedule_id: "sch_annual",
        result: "passed",
        inspector_id: "u_ts_0",
      });
      expect(recorded.body.ok, recorded.text).toBe(true);
      const removed = await remove(equipmentId, "sch_annual");
      expect(removed.body.equipment.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual([
        "sch_monthly",
      ]);
      // Only the transition of the schedule that went: the equipment stays expired.
      expect((await apiEventsOf(t, { equipmentId })).map(statusPart).slice(1)).toEqual([
        {
          type: "schedule.status_changed",
          schedule_id: "sch_annual",
          from_status: "uptodate",
          to_status: null,
        },
      ]);
      const history = await t.call("inspections.list", {
        token: own.read,
        equipment_id: equipmentId,
        schedule_id: "sch_annual",
      });
      expect(history.body.inspections).toEqual([recorded.body.inspection]);
      const again = await t.call("schedules.set", {
        token: own.write,
        equipment_id: equipmentId,
        schedule_id: "sch_annual",
        interval: "P1Y",
      });
      expect(again.body.equipment.schedules[0]).toEqual({
        schedule_id: "sch_annual",
        status: "expired",
        expiresOn: null,
        expiringOn: null,
        lastCompletedOn: null,
        interval: "P1Y",
      });
      // Its first passed inspection brings it up to date, dated by its interval.
      const passed = await t.call("inspections.record", {
        token: own.write,
        equipment_id: equipmentId,
        schedule_id: "sch_annual",
        result: "passed",
        inspector_id: "u_ts_0",
      });
      expect(passed.body.equipment.schedules[0]).toMatchObject({ status: "uptodate", interval: "P1Y" });
    },
  );

  it.skipIf(skip)(
    "answers a retry with the first answer; a new request for the schedule gone: content_not_found",
    async () => {
      const equipmentId = ids.equipment(3);
      const k = key();
      const first = await remove(equipmentId, "sch_monthly", k);
      expect(first.body.ok, first.text).toBe(true);
      const events = await apiEventsOf(t, { equipmentId });
      const written = await t.written();
      expect((await remove(equipmentId, "sch_monthly", k)).text).toBe(first.text);
      expect(await t.written()).toEqual(written);
      expectFailure(
        await remove(equipmentId, "sch_monthly"),
        "content_not_found",
        `schedule not found: sch_monthly of equipment ${equipmentId}`,
      );
      expect(await apiEventsOf(t, { equipmentId })).toEqual(events);
      expect(await storedVersion(t, equipmentId)).toBe(first.body.equipment.version);
    },
  );

  it.skipIf(skip)("grows the version by one per write: set, set, remove", async () => {
    const equipmentId = ids.equipment(4);
    const start = (await t.listed(equipmentId)).version;
    const versions: number[] = [];
    for (const step of [
      () => t.call("schedules.set", { token: own.write, equipment_id: equipmentId, schedule_id: "sch_x" }),
      () =>
        t.call("schedules.set", {
          token: own.write,
          equipment_id: equipmentId,
          schedule_id: "sch_x",
          expiresOn: t.now + 9 * day,
        }),
      () => remove(equipmentId, "sch_x"),
    ]) {
      const answer = await step();
      expect(answer.body.ok, answer.text).toBe(true);
      versions.push(answer.body.equipment.version);
    }
    expect(versions).toEqual([start + 1, start + 2, start + 3]);
    expect(await storedVersion(t, equipmentId)).toBe(start + 3);
  });

  it.skipIf(skip)(
    "runs writes of one equipment sent at once one after the other: one version each",
    async () => {
      const equipmentId = ids.equipment(5);
      const start = (await t.listed(equipmentId)).version;
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          t.call("schedules.set", {
            token: own.write,
            equipment_id: equipmentId,
            schedule_id: `sch_at_once_${n}`,
            expiresOn: t.now + (n + 1) * day,
          }),
        ),
      );
      const versions = answers.map((answer) => answer.body.equipment.version).sort((a, b) => a - b);
      expect(versions).toEqual(Array.from({ length: 8 }, (_, n) => start + n + 1));
      // The last one's answer holds every schedule the others added.
      const last = answers.find((answer) => answer.body.equipment.version === start + 8);
      expect(last?.body.equipment).toEqual(await t.listed(equipmentId));
      expect(last?.body.equipment.schedules).toHaveLength(10);
    },
  );
});
