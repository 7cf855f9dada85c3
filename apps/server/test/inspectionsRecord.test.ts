// inspections.record over real HTTPS, on both stores: every rule of issue 36 (the dates a
// passed and a failed inspection set, from the inspector or from the schedule's interval
// and warning, month ends clamped; a late entry kept and moving nothing; the answer the
// equipment as equipments.list shows it), and every bad input answering its documented
// identifier with nothing written: no inspection, no date moved, no event, no key kept.
import { addDuration, methods } from "@wsafe/schema";
import { plainEquipment, type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { storeOf } from "../src/testing.js";
import { inspectionSchedules, inspectionTokens } from "./support/inspectionDataset.js";
import { type InspectionServer, startInspectionServer } from "./support/inspectionServer.js";

const own = inspectionTokens(0);
const { monthly, yearly, plain } = inspectionSchedules;

describe.each(testStores)("inspections.record on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: InspectionServer;
  let now = 0;
  const day = 86_400_000;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startInspectionServer(db);
    now = t.now;
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });
  const record = (equipment: string, more?: object) => t.record(equipment, more);
  const post = (method: string, data: object) => t.post(method, data);
  const scheduleOf = (equipment: string, schedule: string) => t.scheduleOf(equipment, schedule);
  const freshEquipment = () => t.freshEquipment();

  it.skipIf(skip)(
    "renews a passed schedule from its interval and warning, and answers the equipment as equipments.list shows it",
    async () => {
      const equipment = freshEquipment();
      const performedAt = now - 2 * day;
      const answer = await record(equipment, { performed_at: performedAt, notes: "Fine." });
      expect(answer.body.ok, answer.text).toBe(true);
      expect(methods["inspections.record"].result.parse(answer.body)).toEqual(answer.body);
      const expiresOn = addDuration(performedAt, "P1M");
      const { inspection } = answer.body;
      expect(inspection).toEqual({
        id: expect.stringMatching(/^insp_[0-9a-f]{16}$/),
        equipment_id: equipment,
        equipmentType_id: "et_insp_0",
        schedule_id: monthly,
        serialNumber: `SN-0-${equipment.split("_").at(-1)}`,
        result: "passed",
        performed_at: performedAt,
        recorded_at: expect.any(Number),
        inspector_id: "u_insp_0",
        notes: "Fine.",
        expiresOn,
        expiringOn: addDuration(expiresOn, "P5D", -1),
      });
      expect(inspection.recorded_at).toBeGreaterThanOrEqual(now);
      expect(answer.body.late_entry).toBe(false);
      const schedule = {
        schedule_id: monthly,
        status: "uptodate",
        expiresOn,
        expiringOn: addDuration(expiresOn, "P5D", -1),
        lastCompletedOn: performedAt,
        interval: "P1M",
        warning: "P5D",
      };
      expect(answer.body.equipment.schedules).toContainEqual(schedule);
      expect(await scheduleOf(equipment, monthly)).toEqual(schedule);
      const { equipments } = await post("equipments.list", {
        token: own.read,
        equipmentType_id: "et_insp_0",
        as_of: inspection.recorded_at,
      });
      expect(equipments.find((e: { id: string }) => e.id === equipment)).toEqual(answer.body.equipment);
    },
  );

  it.skipIf(skip)("clamps a month end: 31 January plus P1M is the last day of February", async () => {
    const equipment = "eq_insp_month_end";
    await importDataset(storeOf(t.server), {
      equipments: [
        plainEquipment(equipment, "et_insp_0", 1, {
          metavalues: {},
          schedules: [
            {
              schedule_id: monthly,
              lastCompletedOn: Date.UTC(2023, 11, 1),
              expiringOn: Date.UTC(2023, 11, 27),
              expiresOn: Date.UTC(2024, 0, 1),
              interval: "P1M",
              warning: "P5D",
            },
          ],
        }),
      ],
    });
    const leap = await record(equipment, { performed_at: Date.UTC(2024, 0, 31, 10) });
    expect(leap.body.inspection).toMatchObject({
      expiresOn: Date.UTC(2024, 1, 29, 10),
      expiringOn: Date.UTC(2024, 1, 24, 10),
    });
    const common = await record(equipment, { performed_at: Date.UTC(2025, 0, 31, 10) });
    expect(common.body.inspection).toMatchObject({
      expiresOn: Date.UTC(2025, 1, 28, 10),
      expiringOn: Date.UTC(2025, 1, 23, 10),
    });
  });

  it.skipIf(skip)(
    "takes the inspector's dates over the schedule's, and expiresOn as expiringOn without a warning",
    async () => {
      const [a, b, c] = [freshEquipment(), freshEquipment(), freshEquipment()];
      const given = await record(a, { expiresOn: now + 40 * day, expiringOn: now + 20 * day });
      expect(given.body.inspection).toMatchObject({ expiresOn: now + 40 * day, expiringOn: now + 20 * day });
      // expiresOn given, expiringOn from the warning
      const warned = await record(b, { expiresOn: now + 40 * day });
      expect(warned.body.inspection).toMatchObject({ expiresOn: now + 40 * day, expiringOn: now + 35 * day });
      // A schedule without warning expires without an expiring phase.
      const yearlyAnswer = await record(c, { schedule_id: yearly, performed_at: now });
      expect(yearlyAnswer.body.inspection).toMatchObject({
        expiresOn: addDuration(now, "P1Y"),
        expiringOn: addDuration(now, "P1Y"),
      });
      // A schedule without interval, given expiresOn.
      const plainAnswer = await record(c, { schedule_id: plain, expiresOn: now + 7 * day });
      expect(plainAnswer.body.inspection).toMatchObject({
        expiresOn: now + 7 * day,
        expiringOn: now + 7 * day,
      });
      expect(await scheduleOf(c, plain)).toMatchObject({
        status: "uptodate",
        lastCompletedOn: expect.any(Number),
      });
    },
  );

  it.skipIf(skip)(
    "expires a schedule from a failed inspection's performed_at, keeps lastCompletedOn, and a later pass renews it",
    async () => {
      const equipment = freshEquipment();
      const before = await scheduleOf(equipment, yearly);
      expect(before.status).toBe("uptodate");
      const failedAt = now - day;
      const failed = await record(equipment, {
        schedule_id: yearly,
        result: "failed",
        performed_at: failedAt,
        notes: "Cut strap.",
      });
      expect(failed.body.ok, failed.text).toBe(true);
      expect(failed.body.inspection).toMatchObject({
        result: "failed",
        expiresOn: failedAt,
        expiringOn: failedAt,
      });
      expect(failed.body.late_entry).toBe(false);
      expect(await scheduleOf(equipment, yearly)).toEqual({
        ...before,
        status: "expired",
        expiresOn: failedAt,
        expiringOn: failedAt,
      });
      // A passed inspection before the failed one is late: it must not undo the failure.
      const earlier = await record(equipment, { schedule_id: yearly, performed_at: failedAt - 1000 });
      expect(earlier.body.late_entry).toBe(true);
      expect((await scheduleOf(equipment, yearly)).status).toBe("expired");
      const passed = await record(equipment, { schedule_id: yearly, performed_at: now });
      expect(passed.body.late_entry).toBe(false);
      expect(await scheduleOf(equipment, yearly)).toMatchObject({
        status: "uptodate",
        lastCompletedOn: now,
        expiresOn: addDuration(now, "P1Y"),
      });
    },
  );

  it.skipIf(skip)("keeps a late entry in the history and moves no date; the answer says so", async () => {
    const equipment = freshEquipment();
    const before = await scheduleOf(equipment, monthly);
    const answer = await record(equipment, { performed_at: before.lastCompletedOn - day, result: "failed" });
    expect(answer.body.ok, answer.text).toBe(true);
    expect(answer.body.late_entry).toBe(true);
    expect(answer.body.inspection).toMatchObject({ expiresOn: null, expiringOn: null, result: "failed" });
    expect(await scheduleOf(equipment, monthly)).toEqual(before);
    const { inspections } = await post("inspections.list", { token: own.read, equipment_id: equipment });
    expect(inspections).toEqual([answer.body.inspection]);
    // At lastCompletedOn exactly, it is no late entry.
    const atLast = await record(equipment, { performed_at: before.lastCompletedOn });
    expect(atLast.body.late_entry).toBe(false);
  });

  it.skipIf(skip)("accepts a performed_at within 5 minutes ahead of its clock, as sent", async () => {
    const equipment = freshEquipment();
    const performedAt = Date.now() + 4 * 60_000;
    const answer = await record(equipment, { performed_at: performedAt });
    expect(answer.body.ok, answer.text).toBe(true);
    expect(answer.body.inspection.performed_at).toBe(performedAt);
  });

  it.skipIf(skip)("defaults performed_at to the request's instant", async () => {
    const before = Date.now();
    const answer = await record(freshEquipment());
    expect(answer.body.inspection.performed_at).toBeGreaterThanOrEqual(before);
    expect(answer.body.inspection.performed_at).toBeLessThanOrEqual(answer.body.inspection.recorded_at);
  });

  it.skipIf(skip)("keeps inspections as recorded: the database refuses to change or delete one", async () => {
    const answer = await record(freshEquipment());
    const { sql } = storeOf(t.server);
    await expect(
      sql.query("UPDATE inspections SET notes = 'edited' WHERE id = $1", [answer.body.inspection.id]),
    ).rejects.toThrow(/inspections are kept as recorded/);
    await expect(
      sql.query("DELETE FROM inspections WHERE id = $1", [answer.body.inspection.id]),
    ).rejects.toThrow(/inspections are kept as recorded/);
    await expect(sql.query("TRUNCATE inspections")).rejects.toThrow(/inspections are kept as recorded/);
    const { inspections } = await post("inspections.list", {
      token: own.read,
      equipment_id: answer.body.inspection.equipment_id,
    });
    expect(inspections).toEqual([answer.body.inspection]);
  });
});
