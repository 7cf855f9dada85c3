// Issue 38: two tenants' inspections.record transactions run at once on PostgreSQL. One
// account's recording held open (its schedule row locked from outside, so it waits in its
// write while holding what it holds) does not hold up another account's, which records
// and commits meanwhile; a second recording of the held account waits for it (events
// ordered per account), then records its events after the first's.
import { eventually, type ScratchDatabase, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { InspectionRequest } from "../src/inspections/recordInspection.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { inspectedEquipment, inspectionDataset, inspectionSchedules } from "./support/inspectionDataset.js";
import { recordFreshInspection } from "./support/recordInspectionNow.js";

const postgres = testStores.find((store) => store.name === "PostgreSQL")!;

describe("inspections.record of two accounts at once, on PostgreSQL", () => {
  let db: ScratchDatabase;
  let store: Store;
  const now = Date.now();

  beforeAll(async () => {
    if (postgres.skip) return;
    db = await postgres.create();
    store = await openStore(db.database);
    await importDataset(store, inspectionDataset(2, 2, now));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const record = (account: number, equipment: number) =>
    recordFreshInspection(store.sql, {
      accountId: `acc_insp_${account}`,
      now: Date.now(),
      params: {
        equipment_id: inspectedEquipment(account, equipment),
        schedule_id: inspectionSchedules.monthly,
        result: "passed",
        inspector_id: `u_insp_${account}`,
      } as InspectionRequest["params"],
    });

  /** The sessions that hold up session `pid` (none when it runs). */
  const blockersOf = async (watcher: pg.Client, pid: number) =>
    (await watcher.query<{ blockers: number[] }>("SELECT pg_blocking_pids($1) AS blockers", [pid])).rows[0]!
      .blockers;
  /** The session waiting on a lock in a statement containing `text`, if any. */
  const waitingIn = async (watcher: pg.Client, text: string) =>
    (
      await watcher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND position($1 in query) > 0`,
        [text],
      )
    ).rows[0]?.pid;

  it.skipIf(postgres.skip)(
    "records another account's inspection while one account's is held open, and holds that account's next",
    async () => {
      const holder = new pg.Client({ connectionString: db.database });
      const watcher = new pg.Client({ connectionString: db.database });
      await holder.connect();
      await watcher.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM schedules WHERE equipment_id = $1 FOR UPDATE", [
          inspectedEquipment(0, 0),
        ]);
        let heldSettled = false;
        const held = record(0, 0).finally(() => {
          heldSettled = true;
        });
        // Account 0's recording is in its write, holding whatever it took before it.
        let heldPid: number | undefined;
        await eventually(
          async () => {
            heldPid = await waitingIn(watcher, "UPDATE schedules");
            return heldPid !== undefined;
          },
          "account 0's recording waits on its schedule, mid-transaction",
          { timeoutMs: 30_000 },
        );

        // Account 1 records meanwhile: it must never wait on account 0's transaction.
        let otherSettled = false;
        const other = record(1, 0).finally(() => {
          otherSettled = true;
        });
        await eventually(
          async () => {
            if (otherSettled) return true;
            for (const row of (
              await watcher.query<{ pid: number }>(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1",
                [heldPid],
              )
            ).rows)
              if ((await blockersOf(watcher, row.pid)).includes(heldPid!))
                throw new Error(
                  "account 1's recording waits on account 0's open transaction: the tenants' writes are serialised",
                );
            return false;
          },
          "account 1's recording commits",
          { timeoutMs: 30_000 },
        );
        const otherAnswer = await other;
        expect(otherAnswer.ok).toBe(true);
        expect(heldSettled).toBe(false);

        // Account 0's next recording waits for its first: one account's writes are ordered.
        const next = record(0, 1);
        await eventually(
          async () => {
            const pid = await waitingIn(watcher, "pg_advisory_xact_lock");
            return pid !== undefined && (await blockersOf(watcher, pid)).includes(heldPid!);
          },
          "account 0's next recording waits for its first",
          { timeoutMs: 30_000 },
        );
        await holder.query("COMMIT");
        const [first, second] = await Promise.all([held, next]);
        const sequences = async (inspectionId: string) =>
          (
            await store.sql.query<{ sequence: string }>(
              "SELECT sequence::text FROM events WHERE inspection_id = $1 ORDER BY events.sequence",
              [inspectionId],
            )
          ).map((row) => Number(row.sequence));
        const firstSequences = await sequences(first.inspection.id);
        const secondSequences = await sequences(second.inspection.id);
        expect(firstSequences.length).toBeGreaterThan(0);
        expect(secondSequences.length).toBeGreaterThan(0);
        expect(Math.min(...secondSequences)).toBeGreaterThan(Math.max(...firstSequences));
      } finally {
        await holder.end();
        await watcher.end();
      }
    },
    90_000,
  );
});
