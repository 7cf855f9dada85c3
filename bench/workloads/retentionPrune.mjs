// Workload 9, retention: the time to prune a store of N recorded events of which 90 % are
// older than the 90 days kept (a backlog: retention made shorter, or pruning that was off), with the server's `RetentionPruner` (5 000 rows a
// statement, each its own transaction) beside 1.0.0's one unbatched DELETE on the same
// rows (counted in SQL rather than returned, which 1.0.0 did row by row). The longest
// batch says how long a recording or a delivery can wait on pruning now; the baseline's
// one statement held its locks for the whole time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase } from "@wsafe/test-support";
import { progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { DAY, insertSyntheticEvents } from "../lib/syntheticEvents.mjs";

const RETENTION_MS = 90 * DAY;
/** The tenants the events are shared by, round-robin. */
const ACCOUNTS = 1_000;

/** 1.0.0's `EventLog.prune`, one statement over every old event. */
const unbatchedDelete = `WITH deleted AS (
  DELETE FROM events
   WHERE sequence < coalesce((SELECT sequence FROM events WHERE occurred_at >= $1::bigint ORDER BY sequence LIMIT 1),
                             (SELECT max(sequence) + 1 FROM events))
  RETURNING 1
) SELECT count(*)::text AS count FROM deleted`;

/**
 * Fills the store's events afresh: `count` events over the last 900 days, 90 % of them
 * older than the 90 days kept.
 *
 * @param {any} store
 * @param {number} count
 * @param {number} now
 */
async function fill(store, count, now) {
  await store.sql.query("TRUNCATE events CASCADE");
  const start = performance.now();
  // The accounts too: the pruner looks for each account's events recorded out of store-wide order.
  await store.sql.query(
    "INSERT INTO accounts (id, name) SELECT 'acc_' || n, 'Account ' || n FROM generate_series(0, $1::integer - 1) n ON CONFLICT DO NOTHING",
    [ACCOUNTS],
  );
  await insertSyntheticEvents(store.sql, {
    count,
    accounts: ACCOUNTS,
    firstAt: now - 900 * DAY,
    lastAt: now,
  });
  await store.sql.query("VACUUM ANALYZE events");
  return performance.now() - start;
}

/**
 * Both ways on one store, one after the other, each on a fresh fill.
 *
 * @param {string} database
 * @param {number} count
 * @param {string} label
 */
async function pruneBesideBaseline(database, count, label) {
  const server = serverLocation().entryUrl;
  const { openStore } = await import(server);
  const { EventLog } = await import(new URL("./events/EventLog.js", server).href);
  const { RetentionPruner } = await import(new URL("./events/RetentionPruner.js", server).href);
  const store = await openStore(database);
  try {
    const now = Date.now();
    const fillMs = await fill(store, count, now);
    progress(`retention ${label}: ${count} events made in ${(fillMs / 1000).toFixed(1)} s`);
    /** @type {number[]} */
    const batches = [];
    let last = performance.now();
    const pruner = new RetentionPruner(
      store.sql,
      new EventLog(store.sql, RETENTION_MS),
      {
        info() {},
        error(/** @type {object} */ fields) {
          throw new Error(`pruning failed: ${JSON.stringify(fields)}`);
        },
        pruned() {
          const at = performance.now();
          batches.push(at - last);
          last = at;
        },
      },
      { now: () => now },
    );
    await store.sql.query("UPDATE event_retention SET pruned_at = 0");
    const start = performance.now();
    last = start;
    if (!(await pruner.round())) throw new Error("the pruner did not take its round");
    const batchedMs = performance.now() - start;
    const [kept] = await store.sql.query("SELECT count(*)::text AS count FROM events");
    await fill(store, count, now);
    const baselineStart = performance.now();
    const [deleted] = await store.sql.query(unbatchedDelete, [now - RETENTION_MS]);
    const baselineMs = performance.now() - baselineStart;
    const pruned = count - Number(kept.count);
    progress(
      `retention ${label}: pruned ${pruned} of ${count} events in ${(batchedMs / 1000).toFixed(1)} s in ${batches.length} batches (the longest ${Math.max(...batches).toFixed(0)} ms); one DELETE of ${deleted.count} took ${(baselineMs / 1000).toFixed(1)} s`,
    );
    return {
      count,
      pruned,
      batchedMs,
      batches: batches.length,
      longestBatchMs: Math.max(...batches),
      baselineMs,
      baselineDeleted: Number(deleted.count),
    };
  } finally {
    await store.close();
  }
}

/**
 * Retention's figures: PostgreSQL at `postgresCount` events, PGlite at `pgliteCount`
 * (ten million rows and their four indexes exceed what the embedded store holds in memory).
 *
 * @param {{ postgresUrl?: string, pgliteCount: number, postgresCount: number }} options
 */
export async function runRetentionPrune({ postgresUrl, pgliteCount, postgresCount }) {
  /** @type {Record<string, any>} */
  const backends = {};
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-prune-"));
  try {
    backends.pglite = await pruneBesideBaseline(join(dir, "wsafe"), pgliteCount, "pglite");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (postgresUrl) {
    const db = await createPostgresDatabase("bench_prune", postgresUrl);
    try {
      backends.postgres = await pruneBesideBaseline(db.database, postgresCount, "postgres");
    } finally {
      await db.drop();
    }
  }
  return { backends };
}
