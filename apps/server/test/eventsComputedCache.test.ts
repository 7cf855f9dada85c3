// The expected events a server keeps between the pages of an events.list walk
// (ComputedEventsCache): every page equals the page read without it, byte for byte; a
// change of the schedules between pages (an import, from another connection on
// PostgreSQL) empties it; an account's walk never reads another's; it keeps what its
// bound allows; and on PostgreSQL nothing is kept while its listening connection is lost.
import type { DatasetEquipment } from "@wsafe/schema";
import { eventually, type ScratchDatabase, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { DAY } from "../src/demo/DAY.js";
import type { ComputedEventsCache } from "../src/events/ComputedEventsCache.js";
import { EventLog, type EventWindow } from "../src/events/EventLog.js";
import { importDataset } from "../src/import/importDataset.js";
import { LISTENER_APPLICATION_NAME } from "../src/store/database/listenPostgres.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

type Key = readonly [string, string];
/** A page as the method makes it: `limit` records shown, the key of the last one shown. */
interface Page {
  records: string[];
  next: Key | undefined;
}

/** One page after `after`, read as events.list reads it: one row more than shown. */
async function readPage(
  log: EventLog,
  window: Omit<EventWindow, "after" | "rows">,
  limit: number,
  after?: Key,
) {
  const rows = await log.list({ ...window, after, rows: limit + 1 });
  return {
    records: rows.records.slice(0, limit),
    next: rows.records.length > limit ? rows.keys[limit - 1] : undefined,
  } satisfies Page;
}

/** Every page of a walk. */
async function walk(log: EventLog, window: Omit<EventWindow, "after" | "rows">, limit: number) {
  const pages: Page[] = [];
  let after: Key | undefined;
  do {
    const page = await readPage(log, window, limit, after);
    pages.push(page);
    after = page.next;
  } while (after);
  return pages;
}

const instantOf = (record: string) => String((JSON.parse(record) as { occurred_at: number }).occurred_at);

/**
 * The demo dataset (its dates whole days from `now`: many events share an instant), with
 * `acc_other` given twins of the first 30 equipment of `acc_demo`: the same dates, so
 * both accounts have events at the same instants.
 */
function dataset(now: number) {
  const demo = createDemoDataset({ equipmentCount: 80, seed: 7, now });
  const twins: DatasetEquipment[] = demo.equipments.slice(0, 30).map((equipment, i) => ({
    ...structuredClone(equipment),
    id: `eq_twin_${i}`,
    serialNumber: `TW-${i}`,
    equipmentType_id: "et_other_account",
    parent_id: "",
    fieldOffice_id: [],
    lineOfBusiness_id: "",
    assignedUsers_id: ["u_other"],
    metavalues: { mf_other: "x" },
  }));
  demo.equipments.push(...twins);
  return demo;
}

describe.each(testStores)("expected events kept between pages on $name", ({ name, skip, create }) => {
  const isPostgres = name === "PostgreSQL";
  const now = Date.now();
  // From an hour on: the events the import recorded (at about `now`) are not in it, the
  // expected ones (whole days from `now`) all are.
  const window = (accountId: string) => ({
    accountId,
    from: now + 3_600_000,
    to: now + 40 * DAY,
    types: [],
    now,
  });
  let db: ScratchDatabase;
  let store: Store;
  // Changes come from `writer`: on PostgreSQL another connection, as `wsafe import` would be.
  let writer: Store;
  let plain: EventLog;
  let cached: EventLog;
  let cache: ComputedEventsCache;

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    writer = isPostgres ? await openStore(db.database) : store;
    await importDataset(writer, dataset(now));
    plain = new EventLog(store.sql);
    cached = new EventLog(store.sql);
    cache = await cached.startCache();
  }, 60_000);
  afterAll(async () => {
    await cached?.stopCache();
    if (writer !== store) await writer?.close();
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "answers every page of a walk as without it, pages inside an instant from the run before",
    async () => {
      const expected = await walk(plain, window("acc_demo"), 7);
      const hits = cache.stats.hits;
      const got = await walk(cached, window("acc_demo"), 7);
      expect(got).toEqual(expected);
      // The walk crosses instants mid-way, and those pages were answered from kept runs.
      const insideAnInstant = expected.filter(
        (page, i) =>
          page.next &&
          expected[i + 1]!.records[0] &&
          instantOf(expected[i + 1]!.records[0]!) === page.next[0],
      );
      expect(insideAnInstant.length).toBeGreaterThan(3);
      expect(cache.stats.hits - hits).toBeGreaterThanOrEqual(insideAnInstant.length);
      expect(expected.flatMap((page) => page.records).length).toBeGreaterThan(100);
      // A walk of one type's equipment, of one event type, keeps to its own scope too.
      const narrow = {
        ...window("acc_demo"),
        equipmentTypeId: "et_harness",
        types: ["schedule.status_changed" as const],
      };
      expect(await walk(cached, narrow, 5)).toEqual(await walk(plain, narrow, 5));
      // From the import's instant: recorded events first, then expected ones.
      const recordedToo = { ...window("acc_demo"), from: now - DAY };
      const mixed = await walk(plain, recordedToo, 7);
      const recorded = (record: string) =>
        (JSON.parse(record) as { sequence: number | null }).sequence !== null;
      expect(new Set(mixed.flatMap((page) => page.records.map(recorded)))).toEqual(new Set([false, true]));
      expect(await walk(cached, recordedToo, 7)).toEqual(mixed);
    },
  );

  it.skipIf(skip)(
    "never answers an account's page with another's events, even at another's key",
    async () => {
      const demo = await walk(cached, window("acc_demo"), 6);
      const other = await walk(cached, window("acc_other"), 6);
      expect(other).toEqual(await walk(plain, window("acc_other"), 6));
      expect(other.flatMap((page) => page.records).length).toBeGreaterThan(20);
      for (const record of other.flatMap((page) => page.records))
        expect(JSON.parse(record).equipment_id).toMatch(/^eq_twin_/);
      // The key of the other account's walk (same instants), with runs of it kept: still its own.
      for (const page of demo.slice(0, 4)) {
        expect(page.next).toBeDefined();
        expect(await readPage(cached, window("acc_other"), 6, page.next)).toEqual(
          await readPage(plain, window("acc_other"), 6, page.next),
        );
      }
    },
  );

  it.skipIf(skip)("is emptied by an import between pages, and the next page shows the import", async () => {
    const first = await readPage(cached, window("acc_demo"), 9);
    const second = await readPage(cached, window("acc_demo"), 9, first.next);
    expect(cache.counts.runs).toBeGreaterThan(0);
    const before = await readPage(plain, window("acc_demo"), 9, second.next);
    // Every schedule of acc_demo a minute later: every expected event moves.
    const moved = dataset(now);
    for (const equipment of moved.equipments)
      for (const schedule of equipment.schedules ?? []) {
        if (schedule.expiringOn != null) schedule.expiringOn += 60_000;
        if (schedule.expiresOn != null) schedule.expiresOn += 60_000;
      }
    await importDataset(writer, moved);
    await eventually(() => cache.counts.runs === 0, "the import empties the cache");
    const after = await readPage(cached, window("acc_demo"), 9, second.next);
    expect(after).toEqual(await readPage(plain, window("acc_demo"), 9, second.next));
    expect(after.records).not.toEqual(before.records);
    expect(await walk(cached, window("acc_demo"), 9)).toEqual(await walk(plain, window("acc_demo"), 9));
  });

  it.skipIf(skip)("keeps no more rows than its bound, and answers alike beyond it", async () => {
    const small = new EventLog(store.sql);
    const bounded = await small.startCache({ maxRows: 40 });
    try {
      expect(await walk(small, window("acc_demo"), 8)).toEqual(await walk(plain, window("acc_demo"), 8));
      expect(bounded.stats.hits).toBeGreaterThan(0);
      expect(bounded.counts.rows).toBeGreaterThan(0);
      expect(bounded.counts.rows).toBeLessThanOrEqual(40);
    } finally {
      await small.stopCache();
    }
  });

  // Only PostgreSQL listens over a connection that can be lost; PGlite's is in the process.
  if (isPostgres)
    it.skipIf(skip)(
      "keeps nothing while its listening connection is lost, and keeps again once it listens",
      async () => {
        await walk(cached, window("acc_demo"), 9);
        expect(cache.counts.runs).toBeGreaterThan(0);
        const admin = new pg.Client({ connectionString: db.database });
        await admin.connect();
        try {
          await admin.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
            [LISTENER_APPLICATION_NAME],
          );
          await eventually(() => !cache.listening, "the cache stops listening");
          expect(cache.counts).toEqual({ runs: 0, rows: 0 });
          // A change made while nobody listens is still seen: nothing was kept. (The
          // connection comes back by itself within a second or so; what the cache does
          // meanwhile is ComputedEventsCache.test's.)
          await admin.query(
            "UPDATE schedules SET expires_on = expires_on + 1000 WHERE expires_on > $1 AND equipment_id LIKE 'eq_twin_%'",
            [now],
          );
          expect(await walk(cached, window("acc_other"), 9)).toEqual(
            await walk(plain, window("acc_other"), 9),
          );
          await eventually(() => cache.listening, "the cache listens again");
          const hits = cache.stats.hits;
          expect(await walk(cached, window("acc_other"), 9)).toEqual(
            await walk(plain, window("acc_other"), 9),
          );
          expect(cache.stats.hits).toBeGreaterThan(hits);
        } finally {
          await admin.end();
        }
      },
    );
});
