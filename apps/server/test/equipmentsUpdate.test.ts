// equipments.update over real HTTPS, on both stores: only the fields sent change, the
// answer is what the list then lists, the version grows by one per change (never for a
// request that changes nothing), if_version, the key, a move between types, and the
// events each change records.
import { methods } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import { registerIds } from "./support/registerDataset.js";
import { type RegisterServer, startRegisterServer } from "./support/registerServer.js";

const ids = registerIds(0);

describe.each(testStores)("equipments.update on $name", ({ skip, create }) => {
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

  /** Updates and asserts success; answers the equipment. */
  async function update(data: object) {
    const answer = await t.call("equipments.update", data);
    expect(answer.body.ok, answer.text).toBe(true);
    expect(methods["equipments.update"].result.parse(answer.body)).toEqual(answer.body);
    return answer.body.equipment;
  }

  it.skipIf(skip)(
    "changes only the fields sent, answered as the list then lists it, one version more",
    async () => {
      const id = t.freshEquipment();
      const before = await t.listed(id);
      const after = await update({
        id,
        notes: "Relabelled.",
        fieldOffice_id: ["fo_north"],
        isInService: false,
      });
      expect(after).toEqual({
        ...before,
        notes: "Relabelled.",
        fieldOffice_id: ["fo_north"],
        isInService: false,
        version: 2,
      });
      expect(JSON.stringify(after)).toBe(JSON.stringify(await t.listed(id)));
      const [updated, ...rest] = await t.eventsOf(id);
      expect(rest).toEqual([]);
      expect(updated).toEqual({
        type: "equipment.updated",
        cause: "api",
        equipment_id: id,
        equipment_type_id: ids.harness,
        schedule_id: null,
        from_status: null,
        to_status: null,
        record: after,
        previous_attributes: { fieldOffice_id: [], notes: "", isInService: true },
      });
    },
  );

  it.skipIf(skip)(
    "removes title and clients_id with null (clients_id with [] too), naming them null where absent before",
    async () => {
      const id = t.freshEquipment();
      const { title } = await t.listed(id);
      const given = await update({ id, clients_id: ["cl_port"] });
      expect(given.clients_id).toEqual(["cl_port"]);
      const removed = await update({ id, title: null, clients_id: [] });
      expect(removed).not.toHaveProperty("title");
      expect(removed).not.toHaveProperty("clients_id");
      expect(removed.version).toBe(3);
      expect(JSON.stringify(removed)).toBe(JSON.stringify(await t.listed(id)));
      const events = await t.eventsOf(id);
      expect(events.map((e) => e.previous_attributes)).toEqual([
        { clients_id: null },
        { clients_id: ["cl_port"], title },
      ]);
      // Removed again: nothing changes.
      expect(await update({ id, title: null, clients_id: null })).toEqual(removed);
    },
  );

  it.skipIf(skip)("patches metavalues: a value sets, null unsets, keys not sent keep theirs", async () => {
    const id = t.freshEquipment();
    const branded = await update({ id, metavalues: { mf_brand: "Petzl" } });
    expect(branded.metavalues).toEqual({ mf_length: 1.5, mf_brand: "Petzl" });
    const patched = await update({ id, metavalues: { mf_length: null, mf_brand: "MSA" } });
    expect(patched.metavalues).toEqual({ mf_brand: "MSA" });
    expect(JSON.stringify(patched)).toBe(JSON.stringify(await t.listed(id)));
    const events = await t.eventsOf(id);
    expect(events.map((e) => e.previous_attributes)).toEqual([
      { metavalues: { mf_length: 1.5 } },
      { metavalues: { mf_length: 1.5, mf_brand: "Petzl" } },
    ]);
  });

  it.skipIf(skip)(
    "moves to another type: the metavalues checked against it, the statuses leave one type and appear in the other",
    async () => {
      const id = t.freshEquipment();
      const moved = await update({
        id,
        equipmentType_id: ids.ladder,
        metavalues: { mf_length: null, mf_height: 6 },
      });
      expect(moved).toMatchObject({ equipmentType_id: ids.ladder, metavalues: { mf_height: 6 }, version: 2 });
      expect(JSON.stringify(moved)).toBe(JSON.stringify(await t.listed(id)));
      const events = await t.eventsOf(id);
      const statuses = events.map((e) => [
        e.type,
        e.equipment_type_id,
        e.schedule_id,
        e.from_status,
        e.to_status,
      ]);
      expect(statuses).toEqual([
        ["equipment.updated", ids.ladder, null, null, null],
        ["schedule.status_changed", ids.harness, "sch_monthly", "expired", null],
        ["schedule.status_changed", ids.harness, "sch_yearly", "uptodate", null],
        ["equipment.status_changed", ids.harness, null, "expired", null],
        ["schedule.status_changed", ids.ladder, "sch_monthly", null, "expired"],
        ["schedule.status_changed", ids.ladder, "sch_yearly", null, "uptodate"],
        ["equipment.status_changed", ids.ladder, null, null, "expired"],
      ]);
      expect(events[0]?.previous_attributes).toEqual({
        equipmentType_id: ids.harness,
        metavalues: { mf_length: 1.5 },
      });
      // To a type without metafields: every metavalue must go with it.
      const plain = await t.call("equipments.update", { id, equipmentType_id: ids.plain });
      expectFailure(
        plain,
        "parameter_invalid",
        `invalid parameter: metavalues.mf_height: not a metafield of equipment type ${ids.plain}`,
      );
      const unset = await update({ id, equipmentType_id: ids.plain, metavalues: { mf_height: null } });
      expect(unset.metavalues).toEqual({});
    },
  );

  it.skipIf(skip)(
    "finds the equipment by external_id, and with id sets, changes and removes its key",
    async () => {
      const id = t.freshEquipment();
      const { serialNumber } = await t.listed(id);
      expect((await update({ id, external_id: "ERP-UP-1" })).external_id).toBe("ERP-UP-1");
      const byKey = await update({ external_id: "ERP-UP-1", serialNumber: "SN-BY-KEY" });
      expect(byKey).toMatchObject({ id, external_id: "ERP-UP-1", serialNumber: "SN-BY-KEY", version: 3 });
      expect((await update({ id, external_id: "ERP-UP-2" })).external_id).toBe("ERP-UP-2");
      expectFailure(
        await t.call("equipments.update", { external_id: "ERP-UP-1", notes: "" }),
        "content_not_found",
        "equipment not found: ERP-UP-1",
      );
      const cleared = await update({ id, external_id: null });
      expect(cleared).not.toHaveProperty("external_id");
      expect(cleared.version).toBe(5);
      const events = await t.eventsOf(id);
      expect(events.map((e) => e.previous_attributes)).toEqual([
        { external_id: null },
        { serialNumber },
        { external_id: "ERP-UP-1" },
        { external_id: "ERP-UP-2" },
      ]);
      // A freed key is anyone's.
      expect((await update({ id: t.freshEquipment(), external_id: "ERP-UP-1" })).external_id).toBe(
        "ERP-UP-1",
      );
    },
  );

  it.skipIf(skip)(
    "answers a request that changes nothing with the same version and records nothing, its key kept",
    async () => {
      const id = t.freshEquipment();
      const listed = await t.listed(id);
      const before = await t.written();
      const same = {
        id,
        notes: listed.notes,
        title: listed.title,
        equipmentType_id: ids.harness,
        metavalues: { mf_length: 1.5 },
        assignedUsers_id: listed.assignedUsers_id,
        external_id: null,
      };
      const answer = await t.call("equipments.update", { ...same, idempotency_key: "noop-1" });
      expect(answer.body).toEqual({ ok: true, equipment: listed });
      const after = (await t.written()) as { keys: unknown[] };
      expect(after).toEqual({ ...(before as object), keys: after.keys });
      expect(after.keys).toContainEqual({ account_id: ids.account, idempotency_key: "noop-1" });
      expect(await t.eventsOf(id)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "changes with the version read as if_version, refuses another, the version growing by one per change",
    async () => {
      const id = t.freshEquipment();
      for (const version of [1, 2, 3]) {
        const changed = await update({ id, if_version: version, notes: `v${version + 1}` });
        expect(changed.version).toBe(version + 1);
      }
      const before = await t.written();
      const stale = await t.call("equipments.update", { id, if_version: 3, notes: "late" });
      expectFailure(
        stale,
        "version_mismatch",
        `equipment ${id} is at version 4, not if_version 3: read it again, apply your change to it and send its version`,
      );
      expect(await t.written()).toEqual(before);
    },
  );

  it.skipIf(skip)(
    "lets exactly one of several writers sending the same if_version change the equipment",
    async () => {
      const id = t.freshEquipment();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          t.call("equipments.update", { id, if_version: 1, notes: `writer ${n}` }),
        ),
      );
      const won = answers.filter((a) => a.body.ok);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((a) => !a.body.ok))
        expectFailure(
          lost,
          "version_mismatch",
          new RegExp(`^equipment ${id} is at version 2, not if_version 1`),
        );
      expect((await t.listed(id)).notes).toBe(won[0]?.body.equipment.notes);
      expect(await t.eventsOf(id)).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "answers a retry of its idempotency_key with the first answer and changes nothing more",
    async () => {
      const id = t.freshEquipment();
      const data = { id, notes: "Once.", idempotency_key: "update-retry" };
      const first = await t.call("equipments.update", data);
      const before = await t.written();
      expect((await t.call("equipments.update", data)).text).toBe(first.text);
      expect(await t.written()).toEqual(before);
      expect((await t.listed(id)).version).toBe(2);
    },
  );
});
