// Retention, on both stores: the recorded events older than --events-retention go, with
// their webhook deliveries, and so do the webhook attempts as old, in batches; of the
// servers that ask at once (two here, each with its own pool on PostgreSQL) exactly one
// prunes, and says how much. Before, every process ran one unbatched DELETE an hour,
// silently, and attempts were never pruned.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceRetention } from "../src/events/announceRetention.js";
import { EventLog } from "../src/events/EventLog.js";
import { RetentionPruner } from "../src/events/RetentionPruner.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 26);
// Recorded in order, by one account: its instants never fall as its sequences rise.
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
          fields: { events: 4, attempts: 4, retired: 0, olderThan, durationMs: expect.any(Number) },
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

  // Events are ordered per account: an account's writer records at its own instant, and
  // the recorder later records another account's time events at earlier instants, under
  // higher sequences. Walking sequences and stopping at the first batch that came back
  // short left those older events for as long as the later one was kept (90 days).
  it.skipIf(skip)(
    "deletes every event older than the retention when an account's later events were recorded before another's earlier ones",
    async () => {
      const { sql } = stores[0]!;
      await sql.query("DELETE FROM events");
      await sql.query("INSERT INTO accounts (id, name) VALUES ('acc_b', 'B')");
      await sql.query("UPDATE event_retention SET pruned_at = 0");
      // In sequence order; within each account, instants rise with sequences.
      const recorded: [id: string, account: string, at: number][] = [
        ["ev_a1", "acc", now - 100 * DAY],
        ["ev_a2", "acc", now - 89 * DAY],
        ["ev_b1", "acc_b", now - 95 * DAY],
        ["ev_b2", "acc_b", now - 91 * DAY],
        ["ev_b3", "acc_b", now - 80 * DAY],
        ["ev_a3", "acc", now - 85 * DAY],
      ];
      for (const [index, [id, account, at]] of recorded.entries())
        await sql.query(
          `INSERT INTO events (id, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status, sequence)
           VALUES ($1, $2, 'equipment.status_changed', $3, 'time', 'eq', 'et', 'uptodate', 'expiring', $4)`,
          [id, account, at, 100 + index],
        );
      const observer = prunerObserver();
      const pruner = new RetentionPruner(sql, new EventLog(sql, 90 * DAY), observer, {
        batchRows: 2,
        now: () => now,
      });
      expect(await pruner.round()).toBe(true);
      expect(observer.lines[0]?.fields).toMatchObject({ events: 3 });
      const left = await sql.query<{ id: string }>("SELECT id FROM events ORDER BY sequence");
      expect(left.map((row) => row.id)).toEqual(["ev_a2", "ev_b3", "ev_a3"]);
      expect(
        (await sql.query<{ id: string }>("SELECT event_id AS id FROM webhook_deliveries ORDER BY 1")).map(
          (row) => row.id,
        ),
      ).toEqual(["ev_a2", "ev_a3"]);
    },
    60_000,
  );

  // equipments.changes answers a retirement as long as a cursor it accepts may need it:
  // cursors expire with the retention, so the rows go a day after it (servers' clocks differ).
  it.skipIf(skip)(
    "deletes retired equipment retired more than the retention and a day ago, and says so",
    async () => {
      const { sql } = stores[0]!;
      await sql.query("UPDATE event_retention SET pruned_at = 0");
      const retired: [id: string, at: number][] = [
        ["eq_gone_1", now - 92 * DAY],
        ["eq_gone_2", now - 91 * DAY - 1],
        ["eq_gone_3", now - 91 * DAY + 1],
        ["eq_gone_4", now - 90 * DAY - 1],
      ];
      for (const [id, at] of retired)
        await sql.query(
          `INSERT INTO retired_equipments (id, account_id, retired_at, equipment) VALUES ($1, 'acc', $2, '{}')`,
          [id, at],
        );
      const observer = prunerObserver();
      const pruner = new RetentionPruner(sql, new EventLog(sql, 90 * DAY), observer, {
        batchRows: 1,
        now: () => now,
      });
      expect(await pruner.round()).toBe(true);
      expect(observer.lines[0]?.fields).toMatchObject({ retired: 2 });
      expect(observer.lines[0]?.message).toContain(
        `, and 2 retired equipment retired before ${new Date(now - 91 * DAY).toISOString()}`,
      );
      // Not a table of the metric's label: counted in the log only.
      expect(observer.batches.filter((batch) => batch.startsWith("retired"))).toEqual([]);
      const left = await sql.query<{ id: string }>("SELECT id FROM retired_equipments ORDER BY id");
      expect(left.map((row) => row.id)).toEqual(["eq_gone_3", "eq_gone_4"]);
    },
  );

  // The start's line read the event of the lowest sequence as the oldest: across accounts
  // a later sequence may hold an earlier instant.
  it.skipIf(skip)("says at start the oldest event of any account, not the first recorded", async () => {
    const { sql } = stores[0]!;
    await sql.query("DELETE FROM events");
    const recorded: [id: string, account: string, at: number][] = [
      ["ev_a1", "acc", now - 50 * DAY],
      ["ev_b1", "acc_b", now - 95 * DAY],
      ["ev_a2", "acc", now - 10 * DAY],
    ];
    for (const [index, [id, account, at]] of recorded.entries())
      await sql.query(
        `INSERT INTO events (id, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status, sequence)
         VALUES ($1, $2, 'equipment.status_changed', $3, 'time', 'eq', 'et', 'uptodate', 'expiring', $4)`,
        [id, account, at, 200 + index],
      );
    const lines: { level: string; fields: object; message: string }[] = [];
    const log = {
      info: (fields: object, message: string) => lines.push({ level: "info", fields, message }),
      warn: (fields: object, message: string) => lines.push({ level: "warn", fields, message }),
    };
    expect(await announceRetention(sql, new EventLog(sql, 90 * DAY), log, now)).toBe("warn");
    const [oldest, oldestKept] = [
      new Date(now - 95 * DAY).toISOString(),
      new Date(now - 90 * DAY).toISOString(),
    ];
    expect(lines).toEqual([
      {
        level: "warn",
        fields: { retentionMs: 90 * DAY, oldestRecorded: oldest, oldestKept },
        message: `events are kept for 90 days (--events-retention): those recorded from ${oldest} to ${oldestKept} are older and are deleted within the hour`,
      },
    ]);
  });
});
