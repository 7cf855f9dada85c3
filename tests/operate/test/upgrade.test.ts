// Upgrades as an operator runs them, on one PostgreSQL database: the previous release's
// server (built from git at its release commit) and this build's, through a migration of
// each kind. Rolling: the release keeps answering and writing correctly beside what this
// build's rolling migrations add. Stop: a server of this build that finds a migration it
// does not know, marked stop by the newer server that applied it, stops being ready and
// stops recording, delivering and pruning within seconds (a newer server's migration is
// played here by a scratch copy of the migrations folder with one more file).
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  createPostgresDatabase,
  eventually,
  type PostgresScratchDatabase,
  runWsafe,
  type ServerAtCommit,
  type ServerProcess,
  serveCli,
  serverAtRelease,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateWith, openRaw, type RawSql, thisBuildsMigrations } from "../src/migrationTools.js";
import {
  call,
  logLines,
  readiness,
  startReceiver,
  upgradeTokens,
  writeUpgradeDataset,
} from "../src/upgradeScene.js";

const databaseUrl = process.env.WSAFE_TEST_DATABASE_URL;
if (!databaseUrl)
  console.warn("\n!!! WSAFE_TEST_DATABASE_URL is not set: the upgrade tests on PostgreSQL are SKIPPED.\n");

// The release this workspace's changes follow: its package.json keeps the last released
// version until `changeset version` makes the next one.
const serverDir = dirname(createRequire(import.meta.url).resolve("@wsafe/server/package.json"));
const previousRelease = (
  JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8")) as { version: string }
).version;
const serveFlags = ["--port", "0", "--http", "--webhooks-allow-http", "--webhooks-allow-private"];
const rolling = "-- upgrade: rolling - a table servers that do not know it never read\n";
const stop = "-- upgrade: stop - servers that do not know it would write what it no longer reads\n";

/** Moves a timed equipment's schedule so that it starts expiring `inMs` from the database's now. */
const dueSoon = (sql: RawSql, equipment: string, inMs: number) =>
  sql.query(
    `UPDATE schedules SET expiring_on = (extract(epoch FROM clock_timestamp()) * 1000)::bigint + $2
      WHERE equipment_id = $1`,
    [equipment, inMs],
  );
const timeEvents = async (sql: RawSql, equipment: string) =>
  (
    await sql.query<{ id: string }>("SELECT id FROM events WHERE cause = 'time' AND equipment_id = $1", [
      equipment,
    ])
  ).map((row) => row.id);

describe.skipIf(!databaseUrl)(`a rolling upgrade from ${previousRelease} on PostgreSQL`, () => {
  let released: ServerAtCommit | { skipped: string };
  let scratch: string;
  beforeAll(async () => {
    released = await serverAtRelease(previousRelease);
    if ("skipped" in released)
      console.warn(`\n!!! the ${previousRelease} upgrade test is SKIPPED: ${released.skipped}\n`);
    scratch = await mkdtemp(join(tmpdir(), "wsafe-upgrade-"));
  }, 600_000);
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it(`keeps a server of ${previousRelease} answering and writing beside each rolling migration this build adds`, async (context) => {
    if ("skipped" in released) return context.skip();
    const release = released;
    const db: PostgresScratchDatabase = await createPostgresDatabase("upgrade_release", databaseUrl, {
      template: "none",
    });
    const receiver = await startReceiver();
    const sql = await openRaw(db.database);
    let server: ServerProcess | undefined;
    try {
      // The release makes its schema and imports, as an operator's deployment of it did.
      const file = await writeUpgradeDataset(scratch, Date.now());
      const imported = await runWsafe(["import", file, "--database", db.database], {
        serverDirectory: release.dir,
      });
      expect(imported.code, imported.output).toBe(0);
      server = await serveCli([...serveFlags, "--database", db.database], { serverDirectory: release.dir });
      const base = server.url;
      const releaseFiles = (await sql.query<{ name: string }>("SELECT name FROM schema_migrations")).map(
        (r) => r.name,
      );
      const added = (await thisBuildsMigrations()).filter((m) => !releaseFiles.includes(m.name));
      const addedRolling = added.filter((m) => m.upgrade === "rolling").map((m) => m.name);
      // A new server of this build applies them at its start; here, the rolling ones alone
      // (a stop one is not for servers of the release to meet), by this build's migrator,
      // which also holds the release's own checksums to this build's files.
      const schedulesHeard: string[] = [];
      const unlisten = await sql.listen(
        "wsafe_schedule_changes",
        (table) => schedulesHeard.push(table),
        () => {},
      );
      expect(await migrateWith(db.database, [...releaseFiles, ...addedRolling])).toEqual(addedRolling);

      // Beside them the release still answers, records, delivers and stays ready.
      const endpoint = await call(base, "webhooks.create", { token: upgradeTokens.write, url: receiver.url });
      expect(endpoint.ok, JSON.stringify(endpoint)).toBe(true);
      const recorded = await call(base, "inspections.record", {
        token: upgradeTokens.write,
        equipment_id: "eq_up_inspected",
        schedule_id: "sch_monthly",
        result: "passed",
        inspector_id: "u_up",
        idempotency_key: "upgrade-release-1",
      });
      expect(recorded.ok, JSON.stringify(recorded)).toBe(true);
      await dueSoon(sql, "eq_up_timed_1", 500);
      await eventually(
        async () => (await timeEvents(sql, "eq_up_timed_1")).length > 0,
        "the release records the time event",
        {
          timeoutMs: 15_000,
        },
      );
      const events =
        // What an endpoint naming no type is sent: the status transitions.
        (
          await sql.query<{ id: string }>(
            `SELECT id FROM events WHERE cause IN ('time', 'inspection')
              AND type IN ('schedule.status_changed', 'equipment.status_changed')`,
          )
        ).map((row) => row.id);
      await eventually(
        () => events.every((id) => receiver.ids.includes(id)),
        "the release delivers every event",
        {
          timeoutMs: 15_000,
        },
      );
      const listed = await call(base, "equipments.list", {
        token: upgradeTokens.write,
        equipmentType_id: "et_up",
      });
      expect(listed.ok).toBe(true);
      expect((await readiness(base)).status).toBe(200);
      // What this build's servers rely on from 0010: the release's writes announce themselves too.
      if (addedRolling.includes("0010_schedule_change_notifications.sql"))
        await eventually(() => schedulesHeard.includes("schedules"), "the release's writes are announced");
      await unlisten();
      expect(logLines(server.output()).filter((line) => Number(line.level) >= 50)).toEqual([]);
      expect(await server.stop()).toBe(0);
    } finally {
      await server?.stop("SIGKILL");
      await sql.close();
      await receiver.close();
      await db.drop();
    }
  });
});

describe.skipIf(!databaseUrl)(
  "a server of this build beside migrations of a newer server, on PostgreSQL",
  () => {
    let db: PostgresScratchDatabase;
    let scratch: string;
    let sql: RawSql;
    let server: ServerProcess;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let own: string[];
    beforeAll(async () => {
      db = await createPostgresDatabase("upgrade_newer", databaseUrl);
      scratch = await mkdtemp(join(tmpdir(), "wsafe-upgrade-"));
      const imported = await runWsafe([
        "import",
        await writeUpgradeDataset(scratch, Date.now()),
        "--database",
        db.database,
      ]);
      expect(imported.code, imported.output).toBe(0);
      sql = await openRaw(db.database);
      receiver = await startReceiver();
      own = (await thisBuildsMigrations()).map((m) => m.name);
      server = await serveCli([...serveFlags, "--database", db.database]);
      const endpoint = await call(server.url, "webhooks.create", {
        token: upgradeTokens.write,
        url: receiver.url,
      });
      expect(endpoint.ok, JSON.stringify(endpoint)).toBe(true);
    });
    afterAll(async () => {
      await server?.stop("SIGKILL");
      await sql?.close();
      await receiver?.close();
      if (scratch) await rm(scratch, { recursive: true, force: true });
      await db?.drop();
    });
    const linesAbout = (migration: string) =>
      logLines(server.output()).filter((line) => line.migration === migration);

    it("keeps serving, recording and delivering beside one marked rolling, and says so once", async () => {
      expect(
        await migrateWith(db.database, own, {
          "9001_upgrade_rolling.sql": `${rolling}CREATE TABLE upgrade_rolling (id int);`,
        }),
      ).toEqual(["9001_upgrade_rolling.sql"]);
      await eventually(
        () => linesAbout("9001_upgrade_rolling.sql").length > 0,
        "the server says it runs beside it",
      );
      expect(linesAbout("9001_upgrade_rolling.sql")).toEqual([
        expect.objectContaining({ level: 40, upgrade: "rolling" }),
      ]);
      expect(await readiness(server.url)).toMatchObject({
        status: 200,
        body: { ok: true, checks: { migrations: "ok" } },
      });
      await dueSoon(sql, "eq_up_timed_2", 500);
      await eventually(
        async () => (await timeEvents(sql, "eq_up_timed_2")).length > 0,
        "the time event is recorded",
        {
          timeoutMs: 15_000,
        },
      );
      const [event] = await timeEvents(sql, "eq_up_timed_2");
      await eventually(() => receiver.ids.includes(String(event)), "its delivery arrives", {
        timeoutMs: 15_000,
      });
      expect(linesAbout("9001_upgrade_rolling.sql")).toHaveLength(1);
    });

    it("stops being ready, recording and delivering within seconds of one marked stop, and says so once", async () => {
      expect(
        await migrateWith(db.database, [...own, "9001_upgrade_rolling.sql"], {
          "9001_upgrade_rolling.sql": `${rolling}CREATE TABLE upgrade_rolling (id int);`,
          "9002_upgrade_stop.sql": `${stop}CREATE TABLE upgrade_stop (id int);`,
        }),
      ).toContain("9002_upgrade_stop.sql");
      // The migrating transaction's commit announces it: no more than the time a notification takes.
      await eventually(
        async () => (await readiness(server.url)).status === 503,
        "the server stops being ready",
        {
          timeoutMs: 5_000,
        },
      );
      const { body } = await readiness(server.url);
      expect(body).toMatchObject({
        ok: false,
        status: "not_ready",
        checks: { store: "ok", migrations: "newer" },
        description: expect.stringMatching(
          /^the database has migration 9002_upgrade_stop\.sql, which this server \(wsafe \S+\) does not know: .* stop it and start the newer version in its place$/,
        ),
      });
      // Background writers stopped: a status falling due is not recorded, an inspection's
      // events (written by the request itself) are not delivered.
      const deliveredBefore = receiver.ids.length;
      await dueSoon(sql, "eq_up_timed_3", 300);
      const recorded = await call(server.url, "inspections.record", {
        token: upgradeTokens.write,
        equipment_id: "eq_up_inspected",
        schedule_id: "sch_monthly",
        result: "passed",
        inspector_id: "u_up",
        idempotency_key: "upgrade-newer-1",
      });
      expect(recorded.ok, JSON.stringify(recorded)).toBe(true);
      const pending = await sql.query("SELECT 1 FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL");
      expect(pending.length).toBeGreaterThan(0);
      // Beside the rolling case above, where the same took under a second or two.
      await sleep(4_000);
      expect(await timeEvents(sql, "eq_up_timed_3")).toEqual([]);
      expect(receiver.ids.length).toBe(deliveredBefore);
      expect(linesAbout("9002_upgrade_stop.sql")).toEqual([
        expect.objectContaining({
          level: 50,
          upgrade: "stop",
          msg: expect.stringContaining(
            "this server stopped recording events, delivering webhooks and pruning",
          ),
        }),
      ]);
      // It still stops cleanly.
      expect(await server.stop()).toBe(0);
    });
  },
);
