// equipments.retire over real HTTPS, on both stores: the equipment leaves every list and
// can be changed no more, its inspections stay, the answer is the record as it was (one
// version more) with retired_at, a second retirement answers the first answer, the key is
// freed at once, and the events are each status's last transition, then equipment.retired.
import { methods } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import { registerIds, registerSchedules, registerTokens } from "./support/registerDataset.js";
import { type RegisterServer, startRegisterServer } from "./support/registerServer.js";

const ids = registerIds(0);

describe.each(testStores)("equipments.retire on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: RegisterServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startRegisterServer(db);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  /** Retires and asserts success; answers the body. */
  async function retire(data: object) {
    const answer = await t.call("equipments.retire", data);
    expect(answer.body.ok, answer.text).toBe(true);
    expect(methods["equipments.retire"].result.parse(answer.body)).toEqual(answer.body);
    return answer;
  }

  it.skipIf(skip)(
    "answers the equipment as it was, one version more, and takes it out of every list",
    async () => {
      const id = t.freshEquipment();
      const listed = await t.listed(id);
      const before = Date.now();
      const { body } = await retire({ id, idempotency_key: "retire-1" });
      expect(body).toEqual({ ok: true, equipment: { ...listed, version: 2 }, retired_at: body.retired_at });
      expect(body.retired_at).toBeGreaterThanOrEqual(before);
      expect(body.retired_at).toBeLessThanOrEqual(Date.now());
      expect(await t.listed(id)).toBeUndefined();
      const events = await t.eventsOf(id);
      const statuses = events.map((e) => [e.type, e.schedule_id, e.from_status, e.to_status]);
      expect(statuses).toEqual([
        ["schedule.status_changed", registerSchedules.monthly, "expired", null],
        ["schedule.status_changed", registerSchedules.yearly, "uptodate", null],
        ["equipment.status_changed", null, "expired", null],
        ["equipment.retired", null, null, null],
      ]);
      expect(events.every((e) => e.cause === "api" && e.equipment_type_id === ids.harness)).toBe(true);
      expect(events.at(-1)?.record).toEqual(body.equipment);
      expect(events.at(-1)?.previous_attributes).toBeNull();
    },
  );

  it.skipIf(skip)("keeps its inspections, and changes, inspects or retires it no more", async () => {
    const id = t.freshEquipment();
    const inspected = await t.call("inspections.record", {
      equipment_id: id,
      schedule_id: registerSchedules.monthly,
      result: "passed",
      inspector_id: ids.users[0],
    });
    expect(inspected.body.ok, inspected.text).toBe(true);
    const first = await retire({ id });
    const list = await t.call("inspections.list", { token: registerTokens(0).read, equipment_id: id });
    expect(list.body.inspections).toEqual([inspected.body.inspection]);
    const before = await t.written();
    expectFailure(
      await t.call("equipments.update", { id, notes: "Back?" }),
      "content_not_found",
      `equipment not found: ${id}`,
    );
    expectFailure(
      await t.call("inspections.record", {
        equipment_id: id,
        schedule_id: registerSchedules.monthly,
        result: "passed",
        inspector_id: ids.users[0],
      }),
      "content_not_found",
      `schedule not found: ${registerSchedules.monthly} of equipment ${id}`,
    );
    // Retired again, with another key or none: the first answer, byte for byte, nothing written.
    for (const again of [{ id, idempotency_key: "retire-again" }, { id }]) {
      expect((await t.call("equipments.retire", again)).text).toBe(first.text);
    }
    const after = (await t.written()) as { keys: unknown[] };
    expect(after).toEqual({ ...(before as object), keys: after.keys });
  });

  it.skipIf(skip)(
    "frees the key at once; by the key, retires who holds it, else answers its last retirement",
    async () => {
      const id = t.freshEquipment();
      const keyed = await t.call("equipments.update", { id, external_id: "ERP-SCRAP-1" });
      expect(keyed.body.equipment.version).toBe(2);
      const first = await retire({ external_id: "ERP-SCRAP-1" });
      expect(first.body.equipment).toMatchObject({ id, external_id: "ERP-SCRAP-1", version: 3 });
      expect((await t.call("equipments.retire", { external_id: "ERP-SCRAP-1" })).text).toBe(first.text);
      const created = await t.call("equipments.create", {
        external_id: "ERP-SCRAP-1",
        equipmentType_id: ids.plain,
        serialNumber: "SN-SCRAP-2",
      });
      expect(created.body.ok, created.text).toBe(true);
      const second = await retire({ external_id: "ERP-SCRAP-1" });
      expect(second.body.equipment.id).toBe(created.body.equipment.id);
      expect(second.body.equipment.version).toBe(2);
      expect((await t.call("equipments.retire", { external_id: "ERP-SCRAP-1" })).text).toBe(second.text);
      // By id, each its own.
      expect((await t.call("equipments.retire", { id })).text).toBe(first.text);
    },
  );

  it.skipIf(skip)(
    "retires once when several requests retire one equipment at once, each answering that retirement",
    async () => {
      const id = t.freshEquipment();
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.call("equipments.retire", { id })));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers[0]?.body.ok).toBe(true);
      expect((await t.eventsOf(id)).filter((e) => e.type === "equipment.retired")).toHaveLength(1);
    },
  );

  it.skipIf(skip)("answers a retry of its idempotency_key with the first answer", async () => {
    const id = t.freshEquipment();
    const data = { id, idempotency_key: "retire-retry" };
    const first = await retire(data);
    const before = await t.written();
    expect((await t.call("equipments.retire", data)).text).toBe(first.text);
    expect(await t.written()).toEqual(before);
    const reused = await t.call("equipments.retire", {
      id: t.freshEquipment(),
      idempotency_key: "retire-retry",
    });
    expectFailure(reused, "idempotency_key_reused");
    expect(await t.written()).toEqual(before);
  });

  it.skipIf(skip)(
    "retires an equipment out of service, and one created through the API without schedules",
    async () => {
      const out = t.freshEquipment();
      await t.call("equipments.update", { id: out, isInService: false });
      expect((await retire({ id: out })).body.equipment).toMatchObject({ isInService: false, version: 3 });
      const made = await t.call("equipments.create", {
        equipmentType_id: ids.plain,
        serialNumber: "SN-BARE",
      });
      const bare = await retire({ id: made.body.equipment.id });
      expect(bare.body.equipment).toEqual({ ...made.body.equipment, version: 2 });
      const events = await t.eventsOf(made.body.equipment.id);
      expect(events.map((e) => [e.type, e.from_status, e.to_status])).toEqual([
        ["equipment.created", null, null],
        ["equipment.status_changed", null, "uptodate"],
        ["equipment.status_changed", "uptodate", null],
        ["equipment.retired", null, null],
      ]);
    },
  );
});
