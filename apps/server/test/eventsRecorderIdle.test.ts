// The recorder at rest, on both stores: with no date due for an hour it sends the
// database nothing (it sleeps until the date, or a notification, or its 30 s safety
// poll), and an import that brings a date seconds ahead wakes it through the schedules'
// notification, so that date is recorded as it passes. On PostgreSQL, a database that
// refuses connections is tried again after 1 s, 2 s, 4 s... and logged once when it fails
// and once when it works again. Before, every server read the database once a second
// while idle, and logged two stack traces a second during an outage.
import {
  createPostgresDatabase,
  eventually,
  type PostgresScratchDatabase,
  postgresUrl,
  type ScratchDatabase,
  testStores,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EventRecorder } from "../src/events/EventRecorder.js";
import { importDataset } from "../src/import/importDataset.js";
import type { Sql } from "../src/store/database/Sql.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { soonDataset } from "./support/soonDataset.js";

/** The store's database, counting the statements sent through it (the recorder's). */
function countingSql(sql: Sql): Sql & { statements: number } {
  const counting = Object.create(sql) as Sql & { statements: number };
  counting.statements = 0;
  counting.query = (text, params) => {
    counting.statements++;
    return sql.query(text, params);
  };
  counting.transaction = (work) => {
    counting.statements++;
    return sql.transaction(work);
  };
  return counting;
}

/** A recorder's log lines. */
function recorderLog() {
  const lines: { level: "info" | "error"; message: string }[] = [];
  return {
    lines,
    info: (_fields: object, message: string) => lines.push({ level: "info", message }),
    error: (_fields: object, message: string) => lines.push({ level: "error", message }),
  };
}

describe.each(testStores)("the recorder at rest on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  let recorder: EventRecorder | undefined;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, soonDataset(1, Date.now() + 3_600_000, Date.now() + 7_200_000));
  }, 60_000);
  afterEach(async () => {
    await recorder?.stop();
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "sends nothing while no date is due, and an import's nearer date wakes it through the notification",
    async () => {
      const sql = countingSql(store.sql);
      recorder = new EventRecorder(sql, recorderLog());
      await recorder.start();
      const afterStart = sql.statements;
      // Three seconds in which the old recorder looked three times.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(sql.statements - afterStart).toBe(0);
      // A date two seconds ahead for both schedules, imported past the recorder: the
      // schedules' notification says so.
      const soon = Date.now() + 2_000;
      await importDataset(store, soonDataset(2, soon, soon + 3_600_000));
      await eventually(
        async () => {
          const [row] = await store.sql.query<{ count: string }>(
            "SELECT count(*)::text AS count FROM events WHERE cause = 'time' AND occurred_at = $1::bigint",
            [soon],
          );
          // Each schedule and its equipment turn expiring.
          return row!.count === "4";
        },
        "the import's date is recorded as it passes",
        // Far below the 30 s safety poll: only the notification can have woken it.
        { timeoutMs: soon - Date.now() + 5_000 },
      );
    },
    60_000,
  );
});

describe.skipIf(!postgresUrl)("the recorder during an outage of PostgreSQL", () => {
  let db: PostgresScratchDatabase;
  let store: Store;
  let admin: pg.Client;
  beforeAll(async () => {
    db = await createPostgresDatabase("recorder_outage");
    store = await openStore(db.database);
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end();
    await store?.close();
    await db?.drop();
  });

  it("backs off from 1 s, doubling, and logs once when it fails and once when it works again", async () => {
    const sql = countingSql(store.sql);
    const log = recorderLog();
    // Looks every 100 ms while the database answers, so the outage is seen at once.
    const recorder = new EventRecorder(sql, log, { safetyPollMs: 100 });
    await recorder.start();
    try {
      await admin.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS false`);
      await db.terminateBackends();
      const before = sql.statements;
      await eventually(() => log.lines.some((line) => line.level === "error"), "the outage is seen");
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      // Tries at 0, 1, 3 and 7 s at most; once a second would have been 8.
      expect(sql.statements - before).toBeLessThanOrEqual(5);
      await admin.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS true`);
      await eventually(() => log.lines.some((line) => line.level === "info"), "it works again", {
        timeoutMs: 20_000,
      });
      expect(log.lines.map((line) => line.message)).toEqual([
        expect.stringMatching(
          /^recording events paused: the database failed \(.+\); trying again in 1 second, then less often, up to every 30 seconds$/,
        ),
        expect.stringMatching(/^recording events resumed: the database answers again after [\d.]+ s$/),
      ]);
    } finally {
      await recorder.stop();
    }
  }, 60_000);
});
