// A stop signal that reaches `wsafe serve` before it is ready (a supervisor stopping a
// server still migrating or catching up, or one that signals as soon as it reads the
// readiness line) is a stop like any other: the start ends after the step under way, what
// has started stops in reverse and the process exits 0, never ended by the signal's
// default action, which took any signal that came before the readiness line was out.
import { readdir } from "node:fs/promises";
import {
  createScratchDirectory,
  eventually,
  type ScratchDatabase,
  type ScratchDirectory,
  serveCli,
  testStores,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startStopsLine } from "../src/cli/stopLines.js";
import { openStore } from "../src/store/openStore.js";
import { importDatasetAt } from "../src/testing.js";
import { soonDataset } from "./support/soonDataset.js";

vi.setConfig({ testTimeout: 120_000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("wsafe serve stopped while it starts", () => {
  const [embedded, postgres] = testStores;
  const made: Array<ScratchDatabase | ScratchDirectory> = [];
  afterAll(async () => {
    for (const one of made) await ("drop" in one ? one.drop() : one.remove());
  });

  it.skipIf(postgres.skip)(
    "on PostgreSQL, a SIGTERM while a start step waits ends the start after that step, exit 0, never ready",
    async () => {
      const db = await postgres.create();
      made.push(db);
      // Imported two hours ago, and expiring since an hour ago: the event recorder, a
      // later step of the start than the one held below, records that at its first round.
      const now = Date.now();
      const store = await openStore(db.database);
      try {
        await importDatasetAt(store, soonDataset(1, now - 3_600_000, now + 3_600_000), now - 7_200_000);
      } finally {
        await store.close();
      }
      // Another session holds a table that the first background step after the listener
      // reads: the start waits there, listening but not ready, for as long as the test wants.
      const locker = new pg.Client({ connectionString: db.database });
      const watcher = new pg.Client({ connectionString: db.database });
      await locker.connect();
      await watcher.connect();
      const recordedUntil = async () =>
        (await watcher.query<{ at: string }>("SELECT recorded_until::text AS at FROM event_clock")).rows[0]
          ?.at;
      try {
        const imported = await recordedUntil();
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE events IN ACCESS EXCLUSIVE MODE");
        const server = await serveCli(["--http", "--port", "0", "--database", db.database], {
          readyPattern: null,
        });
        await eventually(
          async () =>
            (
              await watcher.query(
                "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
            ).rows.length > 0,
          "the server's start waits on the lock",
          { timeoutMs: 60_000 },
        );
        server.child.kill("SIGTERM");
        await sleep(500);
        // A query cannot be cut halfway: the stop waits for the step under way.
        expect(server.running(), "still stopping while its start waits").toBe(true);
        await locker.query("ROLLBACK");
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain(`\n${startStopsLine("SIGTERM", 30)}\n`);
        expect(server.output()).not.toContain("listening on ");
        // Called off after that step: the recorder never ran (the next start records the change).
        expect(await recordedUntil()).toBe(imported);
      } finally {
        await locker.end();
        await watcher.end();
      }
    },
  );

  it.skipIf(embedded.skip)(
    "on the embedded store, a SIGTERM on the first line it prints stops it, exit 0, and takes back the certificate it made",
    async () => {
      const db = await embedded.create();
      const cwd = await createScratchDirectory("stop-while-starting");
      made.push(db, cwd);
      // The certificate's line comes before the store opens, the start's first step.
      const server = await serveCli(["--port", "0", "--database", db.database], {
        cwd: cwd.path,
        readyPattern: /self-signed certificate for localhost: /,
      });
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(`\n${startStopsLine("SIGTERM", 30)}\n`);
      expect(server.output()).not.toContain("listening on ");
      // As a start that failed: what this command made (the self-signed certificate) is
      // gone; the store it was given is kept.
      expect(await readdir(cwd.path)).toEqual([]);
      expect((await readdir(db.database)).length).toBeGreaterThan(0);
    },
  );
});
