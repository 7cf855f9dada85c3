import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresDatabase,
  eventually,
  type PostgresScratchDatabase,
  postgresUrl,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationsDirectory } from "../store/database/migrate.js";
import { openPostgres } from "../store/database/openPostgres.js";
import type { Sql } from "../store/database/Sql.js";
import { MigrationWatch } from "./MigrationWatch.js";

/** A log that keeps its lines. */
function keptLog() {
  const lines: { level: "warn" | "error"; fields: object; message: string }[] = [];
  return {
    lines,
    warn: (fields: object, message: string) => lines.push({ level: "warn", fields, message }),
    error: (fields: object, message: string) => lines.push({ level: "error", fields, message }),
  };
}

// On PostgreSQL, where another server can migrate the database while this one runs.
describe.skipIf(!postgresUrl)(MigrationWatch, () => {
  let db: PostgresScratchDatabase;
  let newer: string;
  let sql: Sql;
  let other: Sql;
  beforeAll(async () => {
    db = await createPostgresDatabase("migration_watch");
    sql = await openPostgres(db.database);
    other = await openPostgres(db.database);
    // The folder of a newer server: this one's files and more.
    newer = await mkdtemp(join(tmpdir(), "wsafe-newer-migrations-"));
    await cp(migrationsDirectory, newer, { recursive: true });
  });
  afterAll(async () => {
    await sql?.close();
    await other?.close();
    await rm(newer, { recursive: true, force: true });
    await db?.drop();
  });

  it("hears a newer server's migration as it commits: rolling is said once and changes nothing, stop trips it once", async () => {
    const log = keptLog();
    const refusals: string[] = [];
    // No look of its own within the test: only the announcement can tell it.
    const watch = new MigrationWatch(sql, log, { version: "1.2.3", timing: { everyMs: 3_600_000 } });
    await watch.start((migration) => refusals.push(migration));
    try {
      await writeFile(
        join(newer, "9001_rolling.sql"),
        "-- upgrade: rolling - a table older servers never read\nCREATE TABLE watch_rolling (id int);",
      );
      await migrate(other, { directory: newer });
      await eventually(() => log.lines.length === 1, "the rolling migration is said");
      expect(log.lines[0]).toMatchObject({
        level: "warn",
        fields: { migration: "9001_rolling.sql", upgrade: "rolling", version: "1.2.3" },
      });
      expect(watch.refused).toBeUndefined();

      await writeFile(
        join(newer, "9002_stop.sql"),
        "-- upgrade: stop - older servers would write what it no longer reads\nCREATE TABLE watch_stop (id int);",
      );
      await migrate(other, { directory: newer });
      await eventually(() => refusals.length === 1, "the watch trips");
      expect(watch.refused).toBe("9002_stop.sql");
      expect(log.lines[1]).toEqual({
        level: "error",
        fields: { migration: "9002_stop.sql", upgrade: "stop", version: "1.2.3" },
        message:
          "migration 9002_stop.sql, which this server (wsafe 1.2.3) does not know, was applied to its database by a newer server, and servers of earlier versions must not run beside it: this server stopped recording events, delivering webhooks and pruning, and answers /readyz with 503; stop it and start the newer version in its place",
      });
      // Asked again and again, it says nothing more and stops nothing more.
      await watch.look();
      await watch.look();
      expect({ refusals, lines: log.lines.length }).toEqual({ refusals: ["9002_stop.sql"], lines: 2 });
    } finally {
      await watch.stop();
    }
  });

  it("finds within its bound a migration applied without a word (a tool, or a proxy that delivers no notification)", async () => {
    const refusals: string[] = [];
    // This server knows only the workspace's files: both of the newer server's are unknown.
    const watch = new MigrationWatch(sql, keptLog(), { version: "1.2.3", timing: { everyMs: 200 } });
    await watch.start((migration) => refusals.push(migration));
    try {
      expect(refusals).toEqual(["9002_stop.sql"]);
      await other.query("DELETE FROM schema_migrations WHERE name = '9002_stop.sql'");
      const quiet = new MigrationWatch(sql, keptLog(), { version: "1.2.3", timing: { everyMs: 200 } });
      const found: string[] = [];
      await quiet.start((migration) => found.push(migration));
      try {
        expect(found).toEqual([]);
        await other.query(
          "INSERT INTO schema_migrations (name, checksum, upgrade) VALUES ('9003_silent.sql', 'x', 'stop')",
        );
        await eventually(() => found.length === 1, "the timer's look finds it");
        expect(found).toEqual(["9003_silent.sql"]);
      } finally {
        await quiet.stop();
      }
    } finally {
      await watch.stop();
    }
  });
});
