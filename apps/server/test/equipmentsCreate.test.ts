// equipments.create over real HTTPS, on both stores: the record it answers is the one
// equipments.list then lists (byte for byte), with the service's id, version 1 and the
// write's instant; the fields it defaults; its events; its key; and the external_id that
// another equipment holds, refused naming it.
import { methods } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import { registerIds, registerSchedules } from "./support/registerDataset.js";
import { type RegisterServer, startRegisterServer } from "./support/registerServer.js";

const day = 86_400_000;
const ids = registerIds(0);

describe.each(testStores)("equipments.create on $name", ({ skip, create }) => {
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

  const schedules = () => [
    {
      schedule_id: "sch_z",
      expiresOn: t.now + 90 * day,
      expiringOn: t.now + 60 * day,
      lastCompletedOn: t.now - day,
      interval: "P3M",
    },
    {
      schedule_id: "sch_a",
      expiresOn: t.now - day,
      expiringOn: t.now - 2 * day,
      lastCompletedOn: null,
      warning: "P1D",
    },
  ];

  it.skipIf(skip)(
    "adds an equipment with every field, answered as equipments.list then lists it",
    async () => {
      const before = Date.now();
      const answer = await t.call("equipments.create", {
        external_id: "ERP-FULL-1",
        equipmentType_id: ids.harness,
        serialNumber: "SN-FULL-1",
        title: "Full harness",
        notes: "Bought today.",
        parent_id: "eq_somewhere",
        fieldOffice_id: ["fo_east", "fo_north"],
        lineOfBusiness_id: "lob_energy",
        clients_id: ["cl_port"],
        assignedUsers_id: [ids.users[1], ids.users[0]],
        isInService: false,
        metavalues: { mf_length: 2.5, mf_brand: "Petzl" },
        schedules: schedules(),
        idempotency_key: "create-full",
      });
      expect(answer.body.ok, answer.text).toBe(true);
      expect(methods["equipments.create"].result.parse(answer.body)).toEqual(answer.body);
      const { equipment } = answer.body;
      expect(equipment.id).toMatch(/^eq_[0-9a-f]{16}$/);
      expect(equipment.created).toBeGreaterThanOrEqual(before);
      expect(equipment.created).toBeLessThanOrEqual(Date.now());
      const [z, a] = schedules();
      expect(equipment).toEqual({
        id: equipment.id,
        external_id: "ERP-FULL-1",
        serialNumber: "SN-FULL-1",
        equipmentType_id: ids.harness,
        created: equipment.created,
        parent_id: "eq_somewhere",
        fieldOffice_id: ["fo_east", "fo_north"],
        lineOfBusiness_id: "lob_energy",
        clients_id: ["cl_port"],
        assignedUsers_id: [ids.users[1], ids.users[0]],
        title: "Full harness",
        notes: "Bought today.",
        isInService: false,
        metavalues: { mf_brand: "Petzl", mf_length: 2.5 },
        status: "expired",
        schedules: [
          { ...a, status: "expired" },
          { ...z, status: "uptodate" },
        ],
        version: 1,
      });
      // The same text as the list's: fields, metavalues and schedules in the store's order.
      expect(JSON.stringify(equipment)).toBe(JSON.stringify(await t.listed(equipment.id)));
    },
  );

  it.skipIf(skip)("defaults what a new equipment need not name, and leaves out what it has not", async () => {
    const answer = await t.call("equipments.create", {
      equipmentType_id: ids.plain,
      serialNumber: "SN-PLAIN-1",
      clients_id: [],
      idempotency_key: "create-plain",
    });
    const { equipment } = answer.body;
    expect(equipment).toEqual({
      id: equipment.id,
      serialNumber: "SN-PLAIN-1",
      equipmentType_id: ids.plain,
      created: equipment.created,
      parent_id: "",
      fieldOffice_id: [],
      lineOfBusiness_id: "",
      assignedUsers_id: [],
      notes: "",
      isInService: true,
      metavalues: {},
      status: "uptodate",
      schedules: [],
      version: 1,
    });
    expect(JSON.stringify(equipment)).toBe(JSON.stringify(await t.listed(equipment.id)));
  });

  it.skipIf(skip)(
    "records equipment.created with the record, then each status's first transition (cause api)",
    async () => {
      const answer = await t.call("equipments.create", {
        equipmentType_id: ids.harness,
        serialNumber: "SN-EVENTS-1",
        schedules: schedules(),
        idempotency_key: "create-events",
      });
      const { equipment } = answer.body;
      const events = await t.eventsOf(equipment.id);
      const common = { cause: "api", equipment_id: equipment.id, equipment_type_id: ids.harness };
      expect(events).toEqual([
        {
          ...common,
          type: "equipment.created",
          schedule_id: null,
          from_status: null,
          to_status: null,
          record: equipment,
          previous_attributes: null,
        },
        {
          ...common,
          type: "schedule.status_changed",
          schedule_id: "sch_a",
          from_status: null,
          to_status: "expired",
          record: null,
          previous_attributes: null,
        },
        {
          ...common,
          type: "schedule.status_changed",
          schedule_id: "sch_z",
          from_status: null,
          to_status: "uptodate",
          record: null,
          previous_attributes: null,
        },
        {
          ...common,
          type: "equipment.status_changed",
          schedule_id: null,
          from_status: null,
          to_status: "expired",
          record: null,
          previous_attributes: null,
        },
      ]);
    },
  );

  it.skipIf(skip)(
    "answers a retry of its idempotency_key with the first answer, and creates nothing more",
    async () => {
      const data = {
        equipmentType_id: ids.plain,
        serialNumber: "SN-RETRY-1",
        idempotency_key: "create-retry",
      };
      const first = await t.call("equipments.create", data);
      const before = await t.written();
      const again = await t.call("equipments.create", data);
      expect(again.text).toBe(first.text);
      expect(await t.written()).toEqual(before);
      const other = await t.call("equipments.create", { ...data, serialNumber: "SN-RETRY-2" });
      expectFailure(other, "idempotency_key_reused");
      expect(await t.written()).toEqual(before);
      // Without the key, the same parameters make another equipment.
      const { idempotency_key: _, ...unkeyed } = data;
      const second = await t.call("equipments.create", unkeyed);
      expect(second.body.equipment.id).not.toBe(first.body.equipment.id);
    },
  );

  it.skipIf(skip)(
    "refuses an external_id another equipment holds, naming it and the holder, and writes nothing",
    async () => {
      const holder = await t.call("equipments.create", {
        external_id: "ERP-TAKEN-1",
        equipmentType_id: ids.plain,
        serialNumber: "SN-TAKEN-1",
      });
      const before = await t.written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await t.call(
          "equipments.create",
          {
            external_id: "ERP-TAKEN-1",
            equipmentType_id: ids.harness,
            serialNumber: "SN-TAKEN-2",
            idempotency_key: `taken-${httpMethod}`,
          },
          httpMethod,
        );
        expectFailure(
          answer,
          "external_id_taken",
          `external_id ERP-TAKEN-1 is held by equipment ${holder.body.equipment.id}: update it with equipments.update, or choose another key`,
        );
      }
      expect(await t.written()).toEqual(before);
    },
  );

  it.skipIf(skip)("lets exactly one of several creates sending one external_id at once have it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        t.call("equipments.create", {
          external_id: "ERP-AT-ONCE",
          equipmentType_id: ids.plain,
          serialNumber: `SN-ONCE-${n}`,
        }),
      ),
    );
    const [won, ...more] = answers.filter((answer) => answer.body.ok);
    expect(more).toEqual([]);
    const holder = won?.body.equipment.id;
    for (const lost of answers.filter((answer) => !answer.body.ok))
      expectFailure(
        lost,
        "external_id_taken",
        new RegExp(`^external_id ERP-AT-ONCE is held by equipment ${holder}:`),
      );
  });

  it.skipIf(skip)("takes a key another account's equipment holds: keys are unique per account", async () => {
    const other = await t.call("equipments.create", {
      token: "reg-token-write-1-00000",
      external_id: "ERP-SHARED-1",
      equipmentType_id: registerIds(1).plain,
      serialNumber: "SN-SHARED-1",
    });
    expect(other.body.ok, other.text).toBe(true);
    const own = await t.call("equipments.create", {
      external_id: "ERP-SHARED-1",
      equipmentType_id: ids.plain,
      serialNumber: "SN-SHARED-1",
    });
    expect(own.body.ok, own.text).toBe(true);
    expect(own.body.equipment.id).not.toBe(other.body.equipment.id);
  });

  it.skipIf(skip)(
    "keeps the monthly schedule's interval and warning, and its status, as an import would",
    async () => {
      const dated = {
        schedule_id: registerSchedules.monthly,
        expiresOn: t.now + 3 * day,
        expiringOn: t.now - day,
        lastCompletedOn: t.now - 27 * day,
        interval: "P1M",
        warning: "P4D",
      };
      const answer = await t.call("equipments.create", {
        equipmentType_id: ids.ladder,
        serialNumber: "SN-DATED",
        metavalues: { mf_height: 4 },
        schedules: [dated],
      });
      expect(answer.body.equipment.schedules).toEqual([{ ...dated, status: "expiring" }]);
      expect(answer.body.equipment.status).toBe("expiring");
    },
  );
});
