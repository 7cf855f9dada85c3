// The stream's statements read one account's events through the indexes that start at
// the account, on both stores, among 1 000 tenants: the replay after a sequence through
// `(account_id, sequence)`, the start at an instant through `(account_id, occurred_at, id)`.
// Before, the replay walked the sequence index over every tenant's events and kept its
// own (a thousand rows read for each one sent), and `from` was found the same way.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountEventsQuery } from "../src/events/EventFeed.js";
import { firstSequenceAtOrAfterSql, sequenceBeforeInstant } from "../src/events/streamStart.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

const ACCOUNTS = 1_000;
const EVENTS_PER_ACCOUNT = 30;
const DAY = 86_400_000;

/** The names of the indexes a plan reads, and whether it scans a whole table. */
function accessOf(plan: unknown): { indexes: string[]; seqScans: string[] } {
  const indexes: string[] = [];
  const seqScans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node["Index Name"] === "string") indexes.push(node["Index Name"]);
    if (node["Node Type"] === "Seq Scan") seqScans.push(String(node["Relation Name"]));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as [{ Plan: Record<string, unknown> }])[0].Plan);
  return { indexes, seqScans };
}

describe.each(testStores)("the stream's statements on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  const explain = async (text: string, params: unknown[]) => {
    const [row] = await store.sql.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!["QUERY PLAN"];
    return accessOf(typeof plan === "string" ? JSON.parse(plan) : plan);
  };

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    // Recorded as recording does: sequences rising with instants, every tenant's interleaved.
    await store.sql.query(
      `INSERT INTO events (id, sequence, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status)
       SELECT 'ev_' || n, n, 'acc_' || (n % $1::integer), 'schedule.status_changed',
              $2::bigint + (n / $1::integer) * $3::bigint, 'time', 'eq_' || n, 'et_' || (n % $1::integer),
              'uptodate', 'expiring'
         FROM generate_series(1, $1::integer * $4::integer) AS n`,
      [ACCOUNTS, 1_700_000_000_000, DAY, EVENTS_PER_ACCOUNT],
    );
    await store.sql.query("ANALYZE events");
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)("replays an account's events after a sequence through (account_id, sequence)", async () => {
    const { text, params } = accountEventsQuery({ accountId: "acc_7", types: [] }, 5_000, 500);
    expect(await explain(text, params)).toEqual({ indexes: ["events_account_sequence_idx"], seqScans: [] });
    const rows = await store.sql.query<{ sequence: string }>(text, params);
    expect(rows.map((row) => Number(row.sequence))).toEqual(
      Array.from({ length: EVENTS_PER_ACCOUNT - 5 }, (_, i) => 5_007 + i * ACCOUNTS),
    );
  });

  it.skipIf(skip)(
    "finds where an account's events from an instant begin through (account_id, occurred_at)",
    async () => {
      const from = 1_700_000_000_000 + 10 * DAY;
      const { indexes, seqScans } = await explain(firstSequenceAtOrAfterSql, ["acc_7", from]);
      expect(seqScans).toEqual([]);
      expect(new Set(indexes)).toEqual(new Set(["events_account_time_idx"]));
      // acc_7's event of day 10 is sequence 10 007; the stream goes on after the one before.
      expect(await sequenceBeforeInstant(store.sql, "acc_7", from)).toBe(10_006);
      expect(await sequenceBeforeInstant(store.sql, "acc_7", from + 100 * DAY)).toBeUndefined();
    },
  );
});
