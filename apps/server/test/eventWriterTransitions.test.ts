// Every kind of change the event writer computes in JavaScript (a schedule re-dated, added or
// removed; an equipment created, moved to another type or account, retired, put out of
// service), called directly on both stores, records the very events the set-based path of
// an import records for the same change: same types, ids, statuses, accounts and order.
import type { Status } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventWriter } from "../src/events/EventWriter.js";
import type { EquipmentState } from "../src/events/equipmentTransitions.js";
import { importDataset } from "../src/import/importDataset.js";
import type { Sql } from "../src/store/database/Sql.js";
import { openStore } from "../src/store/openStore.js";
import type { StoredSchedule } from "../src/store/queries/equipmentRecordOfRows.js";
import type { Store } from "../src/store/Store.js";
import { runStoreTransaction } from "../src/writes/StoreTransaction.js";
import { soonDataset } from "./support/soonDataset.js";

const day = 86_400_000;
const now = Date.UTC(2030, 0, 1);
/** eq_soon_0's one schedule as soonDataset stores it: up to date at `now`. */
const annual: StoredSchedule = {
  schedule_id: "sch_annual",
  expiringOn: now + day,
  expiresOn: now + 2 * day,
  lastCompletedOn: now,
  interval: null,
  warning: null,
};
const neverDone: StoredSchedule = {
  ...annual,
  schedule_id: "sch_new",
  expiresOn: null,
  expiringOn: null,
  lastCompletedOn: null,
};
const home: EquipmentState = { accountId: "acc_soon_0", equipmentTypeId: "et_soon_0", schedules: [annual] };

/** A change of eq_soon_0 (or of a new eq_new): how the store changes, and the equipment before and after. */
interface Case {
  name: string;
  equipmentId?: string;
  apply: string[];
  before: EquipmentState | null;
  after: EquipmentState | null;
  /** The statuses the events say, as `from>to`, to know the case is not empty by accident. */
  says: string[];
}

const cases: Case[] = [
  {
    name: "a schedule re-dated",
    apply: [
      `UPDATE schedules SET expires_on = ${now - day}, expiring_on = ${now - 2 * day} WHERE equipment_id = 'eq_soon_0'`,
    ],
    before: home,
    after: { ...home, schedules: [{ ...annual, expiresOn: now - day, expiringOn: now - 2 * day }] },
    says: ["uptodate>expired", "uptodate>expired"],
  },
  {
    name: "a schedule added",
    apply: ["INSERT INTO schedules (equipment_id, schedule_id) VALUES ('eq_soon_0', 'sch_new')"],
    before: home,
    after: { ...home, schedules: [annual, neverDone] },
    says: ["null>expired", "uptodate>expired"],
  },
  {
    name: "a schedule removed",
    apply: ["DELETE FROM schedules WHERE equipment_id = 'eq_soon_0'"],
    before: home,
    after: { ...home, schedules: [] },
    says: ["uptodate>null"],
  },
  {
    name: "an equipment created",
    equipmentId: "eq_new",
    apply: [
      `INSERT INTO equipments SELECT 'eq_new', account_id, equipment_type_id, 'SN-NEW', created, parent_id, field_office_ids,
              line_of_business_id, client_ids, assigned_user_ids, title, notes, is_in_service, metavalues
         FROM equipments WHERE id = 'eq_soon_0'`,
      "INSERT INTO schedules (equipment_id, schedule_id) VALUES ('eq_new', 'sch_new')",
    ],
    before: null,
    after: { ...home, schedules: [neverDone] },
    says: ["null>expired", "null>expired"],
  },
  {
    name: "an equipment moved to another type",
    apply: ["UPDATE equipments SET equipment_type_id = 'et_soon_0b' WHERE id = 'eq_soon_0'"],
    before: home,
    after: { ...home, equipmentTypeId: "et_soon_0b" },
    says: ["uptodate>null", "uptodate>null", "null>uptodate", "null>uptodate"],
  },
  {
    name: "an equipment moved to another account",
    apply: [
      "UPDATE equipments SET account_id = 'acc_soon_1', equipment_type_id = 'et_soon_1' WHERE id = 'eq_soon_0'",
    ],
    before: home,
    after: { accountId: "acc_soon_1", equipmentTypeId: "et_soon_1", schedules: [annual] },
    says: ["uptodate>null", "uptodate>null", "null>uptodate", "null>uptodate"],
  },
  {
    name: "an equipment retired",
    apply: ["DELETE FROM equipments WHERE id = 'eq_soon_0'"],
    before: home,
    after: null,
    says: ["uptodate>null", "uptodate>null"],
  },
  {
    name: "an equipment put out of service",
    apply: ["UPDATE equipments SET is_in_service = false WHERE id = 'eq_soon_0'"],
    before: home,
    after: home,
    says: [],
  },
];

const accountsOf = (c: Case) => [
  ...new Set([c.before, c.after].flatMap((state) => (state ? [state.accountId] : []))),
];

/** What the write recorded, in numbering order, ids included. */
async function recorded(sql: Sql, since: number) {
  const rows = await sql.query<{
    type: string;
    equipment_id: string;
    schedule_id: string | null;
    from_status: Status | null;
    to_status: Status | null;
    account_id: string;
    equipment_type_id: string;
    cause: string;
    id: string;
  }>(
    `SELECT id, type, equipment_id, schedule_id, from_status, to_status, account_id, equipment_type_id, cause
       FROM events WHERE sequence > $1::bigint ORDER BY sequence`,
    [since],
  );
  return rows.map(
    (r) =>
      `${r.type} ${r.equipment_id}/${r.schedule_id ?? "-"} ${r.from_status ?? "null"}>${r.to_status ?? "null"} ${r.account_id}/${r.equipment_type_id} ${r.cause} ${r.id}`,
  );
}

describe.each(testStores)("the event writer's transitions on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  const last = async () =>
    Number(
      (await store.sql.query<{ n: string }>("SELECT coalesce(max(sequence), 0)::text AS n FROM events"))[0]
        ?.n,
    );

  /** Runs a case's change through one of the writer's paths, answers its events, and rolls it back. */
  async function eventsOf(c: Case, path: "computed" | "set-based"): Promise<string[]> {
    const rolledBack = new Error("rolled back");
    let events: string[] = [];
    const since = await last();
    await runStoreTransaction(store.sql, async (transaction) => {
      const { sql } = transaction;
      const cause = { cause: "import", key: "same-key" } as const;
      const equipmentId = c.equipmentId ?? "eq_soon_0";
      if (path === "computed") {
        const writer = await EventWriter.open(transaction, { accounts: accountsOf(c), at: now });
        for (const statement of c.apply) await sql.query(statement);
        await writer.record({ ...cause, equipment: [{ equipmentId, before: c.before, after: c.after }] });
      } else {
        const writer = await EventWriter.open(transaction, { accounts: "all", at: now });
        await writer.recordScoped(
          { ...cause, scope: { equipmentIds: [equipmentId], equipmentTypeIds: [] } },
          async () => {
            for (const statement of c.apply) await sql.query(statement);
          },
        );
      }
      events = await recorded(sql, since);
      throw rolledBack;
    }).catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
    return events;
  }

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, soonDataset(2, now + day, now + 2 * day));
    await store.sql.query(
      "INSERT INTO equipment_types (id, account_id, name, metafields) VALUES ('et_soon_0b', 'acc_soon_0', 'Ladder', '[]')",
    );
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip).each(cases)("records $name as the set-based path does, ids included", async (c) => {
    const computed = await eventsOf(c, "computed");
    expect(computed.map((line) => line.split(" ")[2])).toEqual(c.says);
    expect(computed).toEqual(await eventsOf(c, "set-based"));
  });
});
