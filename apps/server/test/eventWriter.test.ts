// The event writer's rules, on both stores: what it inserts fills the webhook outbox in
// the same transaction (and a write rolled back leaves neither events nor deliveries, nor
// drops a cache); every writer numbers its events after the last one; and, on PostgreSQL,
// a transaction that wants the clock while another holds it waits for it, or is told at
// once, while writes of two accounts run at once.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventWriter } from "../src/events/EventWriter.js";
import { recordDueEvents } from "../src/events/recordTimeEvents.js";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { runStoreTransaction, type StoreTransaction } from "../src/writes/StoreTransaction.js";
import { soonDataset } from "./support/soonDataset.js";

const day = 86_400_000;

describe.each(testStores)("the event writer on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  const now = Date.now();

  const deliveries = async () =>
    (
      await store.sql.query<{ webhook_id: string; type: string }>(
        `SELECT d.webhook_id, e.type FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
          ORDER BY e.sequence, d.webhook_id`,
      )
    ).map((row) => `${row.webhook_id} ${row.type}`);
  const eventCount = async () =>
    Number((await store.sql.query<{ n: string }>("SELECT count(*)::text AS n FROM events"))[0]!.n);
  /** A change of cause `import` that makes acc_soon_0's schedule expired at `now`. */
  const expireSchedule = async (transaction: StoreTransaction) => {
    const writer = await EventWriter.open(transaction, { accounts: "all", at: now });
    return writer.recordScoped(
      {
        cause: "import",
        key: `key-${Math.random()}`,
        scope: { equipmentIds: ["eq_soon_0"], equipmentTypeIds: [] },
      },
      () =>
        transaction.sql.query(
          "UPDATE schedules SET expires_on = $1, expiring_on = $1 WHERE equipment_id = 'eq_soon_0'",
          [writer.instant - day],
        ),
    );
  };
  /** A cache that counts how often a writer dropped it. */
  const cache = () => ({
    drops: 0,
    changed() {
      this.drops++;
    },
  });

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    // Each account's schedule turns expiring in a day and expired in two.
    await importDataset(store, soonDataset(2, now + day, now + 2 * day));
    await store.sql.query(
      `INSERT INTO webhooks (id, account_id, url, types, equipment_type_id, secret, created) VALUES
         ('wh_all', 'acc_soon_0', 'https://example.com/all', '{}', NULL, 'whsec_x', 0),
         ('wh_schedules', 'acc_soon_0', 'https://example.com/s', '{schedule.status_changed}', NULL, 'whsec_x', 0),
         ('wh_other_type', 'acc_soon_0', 'https://example.com/t', '{}', 'et_soon_1', 'whsec_x', 0),
         ('wh_other_account', 'acc_soon_1', 'https://example.com/o', '{}', NULL, 'whsec_x', 0)`,
    );
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "leaves nothing of a write that rolls back: no event, no delivery, the cache kept",
    async () => {
      const events = await eventCount();
      const kept = cache();
      await expect(
        runStoreTransaction(
          store.sql,
          async (transaction) => {
            await expireSchedule(transaction);
            throw new Error("the write fails after its events");
          },
          kept,
        ),
      ).rejects.toThrow("the write fails after its events");
      expect(await eventCount()).toBe(events);
      expect(await deliveries()).toEqual([]);
      expect(kept.drops).toBe(0);
    },
  );

  it.skipIf(skip)(
    "fills the webhook outbox with what it inserts, for the endpoints that want it",
    async () => {
      const dropped = cache();
      const inserted = EventWriter.inserted;
      const recorded = await runStoreTransaction(store.sql, expireSchedule, dropped);
      expect(recorded.events).toBe(2);
      expect(EventWriter.inserted - inserted).toBe(2);
      // Once committed, this server's computed events go, once.
      expect(dropped.drops).toBe(1);
      // The schedule's transition first, then its equipment's; the endpoint of another type
      // and the other account's endpoint get neither.
      expect(await deliveries()).toEqual([
        "wh_all schedule.status_changed",
        "wh_schedules schedule.status_changed",
        "wh_all equipment.status_changed",
      ]);
    },
  );

  it.skipIf(skip)("numbers every writer's events after the last, time's included", async () => {
    // Time: the other account's schedule turns expiring, then expired.
    expect(await recordDueEvents(store.sql, now + 3 * day)).toEqual({ state: "recorded", events: 4 });
    const rows = await store.sql.query<{ sequence: string; cause: string }>(
      "SELECT sequence::text, cause FROM events ORDER BY events.sequence",
    );
    // Drawn from a PostgreSQL sequence (migration 0009): the write rolled back above left a
    // hole, and no value is drawn twice.
    expect(new Set(rows.map((row) => row.sequence)).size).toBe(rows.length);
    expect(rows.map((row) => row.cause)).toEqual([
      // The import's: each account's type and equipment created, and their two statuses.
      ...Array(8).fill("import"),
      ...Array(2).fill("import"),
      ...Array(4).fill("time"),
    ]);
    // The clock moved: asking again records nothing.
    expect(await recordDueEvents(store.sql, now + 3 * day)).toEqual({ state: "up to date" });
  });

  it.skipIf(skip || name !== "PostgreSQL")(
    "lets one transaction hold the clock: another waits for it, a recorder is told it is busy",
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      const first = runStoreTransaction(store.sql, async (transaction) => {
        await EventWriter.open(transaction, { accounts: "all", at: now });
        held();
        await released;
        return Date.now();
      });
      await isHeld;
      expect(await recordDueEvents(store.sql, now + 4 * day)).toEqual({ state: "busy" });
      const second = runStoreTransaction(store.sql, async (transaction) => {
        await EventWriter.open(transaction, { accounts: ["acc_soon_0", "acc_soon_1"], at: now });
        return Date.now();
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const releasedAt = Date.now();
      release();
      expect(await second).toBeGreaterThanOrEqual(releasedAt);
      expect(await first).toBeGreaterThanOrEqual(releasedAt);
    },
  );

  it.skipIf(skip || name !== "PostgreSQL")(
    "runs two accounts' writes at once, and one account's one after the other",
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      const open = (accountId: string) => (transaction: StoreTransaction) =>
        EventWriter.open(transaction, { accounts: [accountId], at: now });
      const first = runStoreTransaction(store.sql, async (transaction) => {
        await open("acc_soon_0")(transaction);
        held();
        await released;
        return Date.now();
      });
      await isHeld;
      // The other account's writer does not wait for the first.
      await runStoreTransaction(store.sql, open("acc_soon_1"));
      const sameAccount = runStoreTransaction(store.sql, async (transaction) => {
        await open("acc_soon_0")(transaction);
        return Date.now();
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const releasedAt = Date.now();
      release();
      expect(await sameAccount).toBeGreaterThanOrEqual(releasedAt);
      await first;
    },
  );

  it.skipIf(skip)("refuses a change of an account it was not opened for, writing nothing", async () => {
    const events = await eventCount();
    const other = { accountId: "acc_soon_1", equipmentTypeId: "et_soon_1", schedules: [] };
    await expect(
      runStoreTransaction(store.sql, async (transaction) => {
        const writer = await EventWriter.open(transaction, { accounts: ["acc_soon_0"], at: now });
        return writer.record({
          cause: "import",
          key: "k",
          equipment: [{ equipmentId: "eq_soon_1", before: other, after: null }],
        });
      }),
    ).rejects.toThrow(/opened without account acc_soon_1/);
    expect(await eventCount()).toBe(events);
  });
});
