import { type DatasetInput, validate } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRecord } from "../src/events/EventLog.js";
import { type EventRow, eventRowSelect } from "../src/events/eventRowSql.js";
import { importCheckedDataset } from "../src/import/importDataset.js";
import { checkDatasetShape } from "../src/store/dataset/checkDatasetShape.js";
import { openStore } from "../src/store/openStore.js";
import { equipmentQuery } from "../src/store/queries/equipmentQuery.js";
import type { Store } from "../src/store/Store.js";

// An import is the bulk form of the register's writes, with the same events (cause
// `import`): equipment.created / equipment.updated for each equipment it creates or
// changes (the record as equipments.list answers it at the import's instant, and on an
// update the changed fields as they were), equipmentType.created / updated for its types;
// all numbered before the import's status transitions (so each before the statuses it
// causes), and none for what it leaves as it was.

const T0 = 1_800_000_000_000; // the imports' instants, fixed: the records' statuses are computed at them
const day = 86_400_000;
const schedule = (id: string, expiresOn: number) => ({
  schedule_id: id,
  expiresOn,
  expiringOn: expiresOn - 10 * day,
  lastCompletedOn: T0 - 300 * day,
});
const equipment = (n: number) => ({
  id: `eq_r_${n}`,
  serialNumber: `SN-${n}`,
  equipmentType_id: "et_r",
  created: T0 - 400 * day,
  parent_id: "",
  fieldOffice_id: [],
  lineOfBusiness_id: "",
  assignedUsers_id: [],
  notes: `notes ${n}`,
  isInService: true,
  metavalues: { mf_brand: "Petzl" },
  schedules: [schedule("s_a", T0 + 100 * day)],
});
const type = {
  id: "et_r",
  account_id: "acc_r",
  name: "Harness",
  metafields: [{ id: "mf_brand", name: "Brand" }],
};

describe.each(testStores)("an import's record events on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  let at = T0;
  const current = [0, 1, 2].map(equipment);
  let currentType = type;
  /** Imports the dataset at the next instant; answers its events in their order, as events.list renders them. */
  const importAt = async (dataset: DatasetInput) => {
    at += day;
    const [{ last }] = (await store.sql.query<{ last: string }>(
      "SELECT coalesce(max(sequence), 0)::text AS last FROM events",
    )) as [{ last: string }];
    const summary = await importCheckedDataset(store, checkDatasetShape(dataset), {}, at);
    const rows = await store.sql.query<EventRow>(
      `SELECT ${eventRowSelect()} FROM events WHERE cause = 'import' AND events.sequence > $1::bigint ORDER BY events.sequence`,
      [last],
    );
    const events = rows.map((row) => eventRecord(row, at));
    // The summary counts the status transitions and the record events apart.
    const records = events.filter((event) => !event.type.endsWith("status_changed")).length;
    expect([summary.recordEvents, summary.events]).toEqual([records, events.length - records]);
    return events;
  };
  const file = (): DatasetInput => ({
    accounts: [{ id: "acc_r", name: "Records Ltd", active: true }],
    equipmentTypes: [currentType],
    equipments: current,
  });
  const listed = async (id: string, instant: number) => {
    const { text, params } = equipmentQuery(id, instant);
    const [row] = await store.sql.query<{ json: string }>(text, params);
    return JSON.parse(row!.json) as Record<string, unknown>;
  };
  const kinds = (events: { type: string; equipment_id?: string; equipmentType_id: string }[]) =>
    events.map((event) => `${event.type} ${event.equipment_id ?? event.equipmentType_id}`);

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "records the creation of each type and equipment, with its record, before its statuses",
    async () => {
      const events = await importAt(file());
      expect(kinds(events)).toEqual([
        "equipmentType.created et_r",
        "equipment.created eq_r_0",
        "equipment.created eq_r_1",
        "equipment.created eq_r_2",
        "schedule.status_changed eq_r_0",
        "equipment.status_changed eq_r_0",
        "schedule.status_changed eq_r_1",
        "equipment.status_changed eq_r_1",
        "schedule.status_changed eq_r_2",
        "equipment.status_changed eq_r_2",
      ]);
      for (const event of events) expect(validate("Event", event).ok).toBe(true);
      expect(events[0]).toMatchObject({
        equipmentType: { id: "et_r", name: "Harness", metafields: type.metafields },
        cause: "import",
      });
      expect(events[0]).not.toHaveProperty("equipment_id");
      expect(events[1]!.equipment).toEqual(await listed("eq_r_0", at));
      expect(events[1]!.equipment).toMatchObject({ version: 1, status: "uptodate" });
    },
  );

  it.skipIf(skip)("records nothing when the same file comes again", async () => {
    expect(await importAt(file())).toEqual([]);
  });

  it.skipIf(skip)("records an update with the fields that changed as they were", async () => {
    current[1] = { ...current[1]!, notes: "rope frayed", external_id: "ERP-1" } as (typeof current)[number];
    const events = await importAt(file());
    expect(kinds(events)).toEqual(["equipment.updated eq_r_1"]);
    expect(events[0]!.previous_attributes).toEqual({ notes: "notes 1", external_id: null });
    expect(events[0]!.equipment).toEqual(await listed("eq_r_1", at));
    expect(events[0]!.equipment).toMatchObject({ version: 2, external_id: "ERP-1", notes: "rope frayed" });
  });

  it.skipIf(skip)(
    "records a schedule's change as the equipment's, before the transitions it causes",
    async () => {
      const before = await listed("eq_r_2", at + day);
      // Expired from the next import's instant on: a status the change causes.
      current[2] = { ...current[2]!, schedules: [schedule("s_a", at), schedule("s_b", at + 100 * day)] };
      const events = await importAt(file());
      expect(kinds(events)).toEqual([
        "equipment.updated eq_r_2",
        "schedule.status_changed eq_r_2",
        "schedule.status_changed eq_r_2",
        "equipment.status_changed eq_r_2",
      ]);
      expect(events[0]!.previous_attributes).toEqual({ schedules: before.schedules });
      expect(events[0]!.equipment).toEqual(await listed("eq_r_2", at));
      for (const event of events) expect(validate("Event", event).ok).toBe(true);
    },
  );

  it.skipIf(skip)(
    "records a type's change with its changed fields as they were, and no equipment's",
    async () => {
      currentType = { ...type, name: "Full body harness" };
      const events = await importAt(file());
      expect(kinds(events)).toEqual(["equipmentType.updated et_r"]);
      expect(events[0]).toMatchObject({
        equipmentType: { id: "et_r", name: "Full body harness", metafields: type.metafields },
        previous_attributes: { name: "Harness" },
      });
    },
  );

  it.skipIf(skip)(
    "records a move to another type as the equipment's update, before it leaves one type's statuses for the other's",
    async () => {
      const other = { ...type, id: "et_r2", name: "Lanyard" };
      current[0] = { ...current[0]!, equipmentType_id: "et_r2" };
      const events = await importAt({ ...file(), equipmentTypes: [currentType, other] });
      expect(kinds(events)).toEqual([
        "equipmentType.created et_r2",
        "equipment.updated eq_r_0",
        "schedule.status_changed eq_r_0",
        "equipment.status_changed eq_r_0",
        "schedule.status_changed eq_r_0",
        "equipment.status_changed eq_r_0",
      ]);
      expect(events[1]).toMatchObject({
        equipmentType_id: "et_r2",
        previous_attributes: { equipmentType_id: "et_r" },
      });
      // Out of the type it left (to no status), then into the one it joined.
      expect(events.slice(2).map((event) => [event.equipmentType_id, event.from, event.to])).toEqual([
        ["et_r", "uptodate", null],
        ["et_r", "uptodate", null],
        ["et_r2", null, "uptodate"],
        ["et_r2", null, "uptodate"],
      ]);
    },
  );
});
