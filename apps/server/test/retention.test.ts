// Retention, on both stores: the recorded events older than --events-retention go, with
// their webhook deliveries, and so do the webhook attempts as old, in batches; of the
// servers that ask at once (two here, each with its own pool on PostgreSQL) exactly one
// prunes, and says how much. Before, every process ran one unbatched DELETE an hour,
// silently, and attempts were never pruned.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventLog } from "../src/events/EventLog.js";
import { RetentionPruner } from "../src/events/RetentionPruner.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 26);
// Recorded in order: instants never fall as sequences rise.
const instants = [now - 100 * DAY, now - 97 * DAY, now - 95 * DAY, now - 91 * DAY, now - 89 * DAY, now];

/** A pruner's log lines and the rows it reports, batch by batch. */
function prunerObserver() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const batches: string[] = [];
  return {
    lines,
    batches,
    info: (fields: object, message: string) =>
      lines.push({ fields: fields as Record<string, unknown>, message }),
    error: (fields: object, message: string) =>
      lines.push({ fields: fields as Record<string, unknown>, message }),
    pruned: (table: string, rows: number) => batches.push(`${table} ${rows}`),
  };
}

describe.each(testStores)("retention on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase;
  let stores: Store[];
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    const store = await openStore(db.database);
    // PGlite belongs to one process; on PostgreSQL each "server" has a pool of its own.
    stores = name === "PostgreSQL" ? [store, await openStore(db.database)] : [store, store];
    await store.sql.query("INSERT INTO accounts (id, name) VALUES ('acc', 'A')");
    // Each event recorded below gets a delivery to it (the trigger of migration 0005); no worker runs here.
    await store.sql.query(
      "INSERT INTO webhooks (id, account_id, url, types, secret, created) VALUES ('wh_1', 'acc', 'https://8.8.8.8/', '{}', 'whsec_x', 0)",
    );
  }, 60_000);
  afterAll(async () => {
    for (const store of new Set(stores ?? [])) await store.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "deletes what is older than the retention in batches, attempts and deliveries included, in one of two servers asking at once",
    async () => {
      const { sql } = stores[0]!;
      for (const [index, at] of instants.entries()) {
        await sql.query(
          `INSERT INTO events (id, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status, sequence)
           VALUES ($1, 'acc', 'equipment.status_changed', $2, 'time', 'eq', 'et', 'uptodate', 'expiring', $3)`,
          [`ev_${index}`, at, index + 1],
        );
        await sql.query(
          `INSERT INTO webhook_attempts (id, webhook_id, event_id, attempt, attempted_at, status, duration_ms, succeeded)
           VALUES ($1, 'wh_1', $2, 1, $3, 200, 5, true)`,
          [`att_${index}`, `ev_${index}`, at + 1_000],
        );
      }
      const observers = [prunerObserver(), prunerObserver()];
      const pruners = stores.map(
        (store, i) =>
          new RetentionPruner(store.sql, new EventLog(store.sql, 90 * DAY), observers[i]!, {
            batchRows: 2,
            now: () => now,
          }),
      );
      const took = await Promise.all(pruners.map((pruner) => pruner.round()));
      expect(took.sort()).toEqual([false, true]);
      const [pruning] = observers.filter((observer) => observer.lines.length > 0);
      const olderThan = new Date(now - 90 * DAY).toISOString();
      expect(pruning!.lines).toEqual([
        {
          fields: { events: 4, attempts: 4, olderThan, durationMs: expect.any(Number) },
          message: `pruned 4 events older than ${olderThan} and 4 webhook attempts`,
        },
      ]);
      // Two rows a statement: the last batch of each table comes back short.
      expect(pruning!.batches).toEqual(["events 2", "events 2", "webhook_attempts 2", "webhook_attempts 2"]);
      const left = async (table: string, column: string) =>
        (await sql.query<{ id: string }>(`SELECT ${column} AS id FROM ${table} ORDER BY 1`)).map(
          (row) => row.id,
        );
      expect(await left("events", "id")).toEqual(["ev_4", "ev_5"]);
      expect(await left("webhook_deliveries", "event_id")).toEqual(["ev_4", "ev_5"]);
      expect(await left("webhook_attempts", "id")).toEqual(["att_4", "att_5"]);
      // Within the hour, neither server prunes again.
      expect(await Promise.all(pruners.map((pruner) => pruner.round()))).toEqual([false, false]);
    },
    60_000,
  );
});
