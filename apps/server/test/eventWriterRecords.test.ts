// The record events a write names (issue 49), on both stores: the writer inserts them in
// the write's statement, numbered around its transitions by their type's order (a record
// made before the statuses it causes, a retirement after them), with the record and the
// previous attributes; and they reach only a reader that names them - an endpoint made
// without types gets the status types (the outbox's trigger), and so does events.list.
import { type EquipmentType, eventSchema } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRecord } from "../src/events/EventLog.js";
import { EventWriter } from "../src/events/EventWriter.js";
import type { EventRow } from "../src/events/eventRowSql.js";
import { listEventsQuery } from "../src/events/listEventsQuery.js";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { runStoreTransaction } from "../src/writes/StoreTransaction.js";
import { soonDataset } from "./support/soonDataset.js";

const day = 86_400_000;

describe.each(testStores)("record events on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  const now = Date.now();
  const schedule = { schedule_id: "sch_new", expiresOn: now + 30 * day, expiringOn: now + 20 * day };
  const stored = { ...schedule, lastCompletedOn: null, interval: null, warning: null };

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, soonDataset(1, now + day, now + 2 * day));
    await store.sql.query(
      `INSERT INTO webhooks (id, account_id, url, types, equipment_type_id, secret, created) VALUES
         ('wh_untyped', 'acc_soon_0', 'https://example.com/u', '{}', NULL, 'whsec_x', 0),
         ('wh_records', 'acc_soon_0', 'https://example.com/r', '{equipment.updated,equipmentType.updated}', NULL, 'whsec_x', 0)`,
    );
    // A schedule added to eq_soon_0 (its equipment.updated first, then the schedule's
    // first status), and its type renamed: what the register's writes describe.
    await runStoreTransaction(store.sql, async (transaction) => {
      const writer = await EventWriter.open(transaction, { accounts: ["acc_soon_0"], at: now });
      const [row] = await transaction.sql.query<{ type: string }>(
        "SELECT equipment_type_id AS type FROM equipments WHERE id = 'eq_soon_0'",
      );
      const state = { accountId: "acc_soon_0", equipmentTypeId: row!.type, schedules: [] };
      const type: EquipmentType = { id: row!.type, name: "Renamed", metafields: [] };
      await writer.record({
        cause: "api",
        key: "write_1",
        equipment: [
          {
            equipmentId: "eq_soon_0",
            before: state,
            after: { ...state, schedules: [stored] },
          },
        ],
        records: [
          {
            type: "equipmentType.updated",
            accountId: "acc_soon_0",
            equipmentTypeId: row!.type,
            equipmentId: null,
            record: type,
            previousAttributes: { name: "Before" },
          },
          {
            type: "equipment.updated",
            accountId: "acc_soon_0",
            equipmentTypeId: row!.type,
            equipmentId: "eq_soon_0",
            record: { id: "eq_soon_0", note: "the record as answered" },
            previousAttributes: { schedules: [] },
          },
        ],
      });
    });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const apiEvents = async (types: string[]) => {
    const query = listEventsQuery({
      accountId: "acc_soon_0",
      from: now - day,
      to: now + day,
      rows: 100,
      after: undefined,
      types: types as never,
    });
    const rows = await store.sql.query<EventRow>(query.text, query.params);
    return rows.filter((row) => row.cause === "api").map((row) => eventRecord(row, now));
  };

  it.skipIf(skip)("numbers the record events around the transitions, each with its record", async () => {
    const rows = await store.sql.query<{ type: string; equipment_id: string | null; sequence: string }>(
      "SELECT type, equipment_id, sequence::text FROM events WHERE cause = 'api' ORDER BY sequence",
    );
    expect(rows.map((row) => [row.type, row.equipment_id])).toEqual([
      ["equipmentType.updated", null],
      ["equipment.updated", "eq_soon_0"],
      ["schedule.status_changed", "eq_soon_0"],
      ["equipment.status_changed", "eq_soon_0"],
    ]);
    const events = await apiEvents(["equipmentType.updated", "equipment.updated", "schedule.status_changed"]);
    // The equipment's record here is a stand-in; every other event is as the schema says.
    for (const event of events.filter((e) => e.type !== "equipment.updated"))
      expect(eventSchema.safeParse(event).error).toBeUndefined();
    expect(events.find((event) => event.type === "equipmentType.updated")).toMatchObject({
      equipmentType: { name: "Renamed" },
      previous_attributes: { name: "Before" },
      from: null,
      to: null,
    });
    expect(events.find((event) => event.type === "equipmentType.updated")).not.toHaveProperty("equipment_id");
    expect(events.find((event) => event.type === "equipment.updated")).toMatchObject({
      equipment_id: "eq_soon_0",
      equipment: { id: "eq_soon_0" },
      previous_attributes: { schedules: [] },
    });
  });

  it.skipIf(skip)("keeps them from readers and endpoints that name no types", async () => {
    expect((await apiEvents([])).map((event) => event.type).sort()).toEqual([
      "equipment.status_changed",
      "schedule.status_changed",
    ]);
    const deliveries = await store.sql.query<{ webhook_id: string; type: string }>(
      `SELECT d.webhook_id, e.type FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE e.cause = 'api' ORDER BY d.webhook_id, e.sequence`,
    );
    expect(deliveries.map((row) => `${row.webhook_id} ${row.type}`)).toEqual([
      "wh_records equipmentType.updated",
      "wh_records equipment.updated",
      "wh_untyped schedule.status_changed",
      "wh_untyped equipment.status_changed",
    ]);
  });
});
