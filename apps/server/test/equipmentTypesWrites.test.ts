// equipmentTypes.create and equipmentTypes.update over real HTTPS, on both stores: what
// each answers and stores, the event each records (cause api, no equipment, the type as
// written, the changed fields as they were), a request that changes nothing recording
// nothing, a metafield still set refused while one that is set nowhere is removed, retries
// by idempotency key. Their refusals: equipmentTypesRefusals.test.ts.
import { methods } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import {
  startTypesSchedulesServer,
  type TypesSchedulesServer,
  typesSchedulesIds,
  typesSchedulesTokens,
} from "./support/typesSchedulesScene.js";

const [own, other] = [typesSchedulesTokens(0), typesSchedulesTokens(1)];
const ids = typesSchedulesIds(0);
const harnessMetafields = [
  { id: "mf_len", name: "Length (m)" },
  { id: "mf_brand", name: "Brand" },
  { id: "mf_unused", name: "Unused" },
];
const key = () => `key-${Math.random().toString(36).slice(2)}`;

interface EventRow {
  type: string;
  cause: string;
  account_id: string;
  equipment_id: string | null;
  equipment_type_id: string;
  schedule_id: string | null;
  from_status: string | null;
  to_status: string | null;
  record: unknown;
  previous_attributes: unknown;
}

describe.each(testStores)("equipmentTypes.create and .update on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: TypesSchedulesServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startTypesSchedulesServer(db, 5);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  const eventsOf = (typeId: string) =>
    t.query<EventRow>(
      `SELECT type, cause, account_id, equipment_id, equipment_type_id, schedule_id, from_status, to_status,
              record, previous_attributes
         FROM events WHERE equipment_type_id = $1 ORDER BY sequence`,
      [typeId],
    );
  const typesListed = async (token = own.read) =>
    (await t.call("equipmentTypes.list", { token })).body.equipmentTypes;
  const createType = (more: object = {}) =>
    t.call("equipmentTypes.create", {
      token: own.write,
      name: "Chain hoist",
      metafields: [
        { id: "mf_capacity", name: "Capacity (t)" },
        { id: "mf_lift", name: "Lift (m)" },
      ],
      idempotency_key: key(),
      ...more,
    });
  const update = (more: object) =>
    t.call("equipmentTypes.update", { token: own.write, idempotency_key: key(), ...more });

  describe.skipIf(skip)("equipmentTypes.create", () => {
    it("makes a type with a fresh id, lists it, and records equipmentType.created", async () => {
      const answer = await createType();
      expect(answer.body, answer.text).toEqual({
        ok: true,
        equipmentType: {
          id: expect.stringMatching(/^et_[0-9a-f]{16}$/),
          name: "Chain hoist",
          metafields: [
            { id: "mf_capacity", name: "Capacity (t)" },
            { id: "mf_lift", name: "Lift (m)" },
          ],
        },
      });
      const type = answer.body.equipmentType;
      expect(await typesListed()).toContainEqual(type);
      // Another account's lists never see it.
      expect((await typesListed(other.read)).map((x: { id: string }) => x.id)).not.toContain(type.id);
      const listed = await t.call("equipments.list", { token: own.read, equipmentType_id: type.id });
      expect(listed.body).toEqual({ ok: true, equipments: [] });
      expect(await eventsOf(type.id)).toEqual([
        {
          type: "equipmentType.created",
          cause: "api",
          account_id: "acc_ts_0",
          equipment_id: null,
          equipment_type_id: type.id,
          schedule_id: null,
          from_status: null,
          to_status: null,
          record: type,
          previous_attributes: null,
        },
      ]);
    });

    it("serves its events through events.list as the schema says, to a reader naming them", async () => {
      const made = (await createType({ name: "Listed" })).body.equipmentType;
      const renamed = (await update({ id: made.id, name: "Listed again" })).body.equipmentType;
      const answer = await t.call("events.list", {
        token: own.read,
        from: Date.now() - 3_600_000,
        to: Date.now() + 60_000,
        equipmentType_id: made.id,
        types: ["equipmentType.created", "equipmentType.updated"],
      });
      expect(methods["events.list"].result.parse(answer.body)).toEqual(answer.body);
      const events = answer.body.events;
      expect(events).toHaveLength(2);
      expect(events.find((e: { type: string }) => e.type === "equipmentType.created")).toMatchObject({
        cause: "api",
        equipmentType_id: made.id,
        equipmentType: made,
      });
      expect(events.find((e: { type: string }) => e.type === "equipmentType.updated")).toMatchObject({
        equipmentType: renamed,
        previous_attributes: { name: "Listed" },
      });
      for (const event of events) expect(event).not.toHaveProperty("equipment_id");
    });

    it("makes a type without metafields, and a second of the same name with another id", async () => {
      const first = await createType({ metafields: undefined, name: "Lanyard" });
      const second = await createType({ metafields: undefined, name: "Lanyard" });
      expect(first.body.equipmentType).toEqual({
        id: first.body.equipmentType.id,
        name: "Lanyard",
        metafields: [],
      });
      expect(second.body.equipmentType.id).not.toBe(first.body.equipmentType.id);
    });

    it("answers a retry with the first answer, byte for byte, and makes one type", async () => {
      const k = key();
      const first = await createType({ idempotency_key: k, name: "Retried" });
      const again = await createType({ idempotency_key: k, name: "Retried" });
      expect(again.text).toBe(first.text);
      const named = (await typesListed()).filter((x: { name: string }) => x.name === "Retried");
      expect(named).toEqual([first.body.equipmentType]);
      expect(await eventsOf(first.body.equipmentType.id)).toHaveLength(1);
      const reused = await createType({ idempotency_key: k, name: "Other" });
      expectFailure(reused, "idempotency_key_reused");
    });
  });

  describe.skipIf(skip)("equipmentTypes.update", () => {
    it("renames a type: only the name changes, recorded with the name as it was", async () => {
      const made = (await createType()).body.equipmentType;
      const answer = await update({ id: made.id, name: "Lever hoist" });
      expect(answer.body).toEqual({ ok: true, equipmentType: { ...made, name: "Lever hoist" } });
      expect(await typesListed()).toContainEqual({ ...made, name: "Lever hoist" });
      const [, updated] = await eventsOf(made.id);
      expect(updated).toMatchObject({
        type: "equipmentType.updated",
        cause: "api",
        equipment_id: null,
        record: { ...made, name: "Lever hoist" },
        previous_attributes: { name: "Chain hoist" },
      });
    });

    it("renames, adds and reorders metafields: every equipment keeps its values", async () => {
      const before = await t.listed(ids.equipment(0));
      const metafields = [
        { id: "mf_brand", name: "Make" },
        { id: "mf_len", name: "Length (m)" },
        { id: "mf_unused", name: "Unused" },
        { id: "mf_size", name: "Size" },
      ];
      const answer = await update({ id: ids.harness, metafields });
      expect(answer.body).toEqual({
        ok: true,
        equipmentType: { id: ids.harness, name: "Harness", metafields },
      });
      expect(await t.listed(ids.equipment(0))).toEqual(before);
      const events = await eventsOf(ids.harness);
      expect(events.at(-1)).toMatchObject({
        type: "equipmentType.updated",
        record: { id: ids.harness, name: "Harness", metafields },
        previous_attributes: { metafields: harnessMetafields },
      });
      // Back as it was, for the tests after this one.
      expect((await update({ id: ids.harness, metafields: harnessMetafields })).body.ok).toBe(true);
    });

    it("changes nothing and records nothing for a request that changes nothing; a retry answers it again", async () => {
      const before = await eventsOf(ids.harness);
      const k = key();
      const answer = await update({
        id: ids.harness,
        name: "Harness",
        metafields: harnessMetafields,
        idempotency_key: k,
      });
      expect(answer.body).toEqual({
        ok: true,
        equipmentType: { id: ids.harness, name: "Harness", metafields: harnessMetafields },
      });
      expect((await update({ id: ids.harness, idempotency_key: key() })).text).toBe(answer.text);
      expect(await eventsOf(ids.harness)).toEqual(before);
      const again = await update({
        id: ids.harness,
        name: "Harness",
        metafields: harnessMetafields,
        idempotency_key: k,
      });
      expect(again.text).toBe(answer.text);
      expectFailure(
        await update({ id: ids.harness, name: "Other", idempotency_key: k }),
        "idempotency_key_reused",
      );
    });

    it("removes a metafield no equipment sets, and one set only on equipment of another type", async () => {
      const unused = await update({ id: ids.harness, metafields: harnessMetafields.slice(0, 2) });
      expect(unused.body.equipmentType.metafields).toEqual(harnessMetafields.slice(0, 2));
      // The harnesses set mf_len; the ladders, which name it too, do not.
      const ladder = await update({ id: ids.ladder, metafields: [] });
      expect(ladder.body).toEqual({
        ok: true,
        equipmentType: { id: ids.ladder, name: "Ladder", metafields: [] },
      });
      expect((await update({ id: ids.harness, metafields: harnessMetafields })).body.ok).toBe(true);
    });

    it("refuses removing a metafield still set, naming it and the first equipment that sets it", async () => {
      const before = await t.written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await t.call(
          "equipmentTypes.update",
          {
            token: own.write,
            id: ids.harness,
            name: "Renamed too",
            metafields: [harnessMetafields[0], harnessMetafields[2]],
            idempotency_key: key(),
          },
          httpMethod,
        );
        expectFailure(
          answer,
          "metafield_in_use",
          "metafield mf_brand of equipment type et_ts_0 is set on equipment eq_ts_0_0 (and maybe others): unset it there first (equipments.update with metavalues: { mf_brand: null }), or keep it in metafields",
        );
      }
      // mf_len is set on every harness: the first by id is named.
      expectFailure(
        await update({ id: ids.harness, metafields: [] }),
        "metafield_in_use",
        /^metafield mf_len of equipment type et_ts_0 is set on equipment eq_ts_0_0 \(and maybe others\)/,
      );
      expect(await t.written()).toEqual(before);
    });

    it("lets a metafield go once the equipment that set it left the register", async () => {
      // A retirement deletes the equipment's row (migration 0015): done here as it does it.
      const made = (await createType({ metafields: [{ id: "mf_gone", name: "Gone" }] })).body.equipmentType;
      await t.query(
        `INSERT INTO equipments (id, account_id, equipment_type_id, serial_number, created, parent_id, field_office_ids,
                                 line_of_business_id, assigned_user_ids, notes, is_in_service, metavalues)
         VALUES ('eq_ts_gone', 'acc_ts_0', $1, 'SN', 1, '', '[]', '', '[]', '', true, '{"mf_gone": 1}')`,
        [made.id],
      );
      expectFailure(await update({ id: made.id, metafields: [] }), "metafield_in_use");
      await t.query("DELETE FROM equipments WHERE id = 'eq_ts_gone'");
      expect((await update({ id: made.id, metafields: [] })).body).toEqual({
        ok: true,
        equipmentType: { ...made, metafields: [] },
      });
    });
  });
});
