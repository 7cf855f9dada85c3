import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationsChannel, migrationsDirectory } from "./migrate.js";
import { listMigrationFiles, readMigrationFiles } from "./migrationFiles.js";
import { NewerDatabaseError } from "./NewerDatabaseError.js";
import { openPglite } from "./openPglite.js";
import type { Sql } from "./Sql.js";

const names = (outcome: { applied: { name: string }[] }) => outcome.applied.map((m) => m.name);

describe(migrate, () => {
  let sql: Sql;
  let directory: string;
  beforeAll(async () => {
    sql = await openPglite("memory://");
    directory = await mkdtemp(join(tmpdir(), "wsafe-migrations-"));
    await cp(migrationsDirectory, directory, { recursive: true });
  });
  afterAll(async () => {
    await sql?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("applies each file once, in order, timing each and recording its mark", async () => {
    const first = await migrate(sql, { directory });
    expect(names(first)).toEqual(await listMigrationFiles(directory));
    expect(first.applied.every((m) => Number.isInteger(m.durationMs) && m.durationMs >= 0)).toBe(true);
    expect(first.newer).toEqual([]);
    expect(await migrate(sql, { directory })).toEqual({ applied: [], newer: [] });
    await writeFile(
      join(directory, "9001_more.sql"),
      "-- upgrade: rolling - a table nothing older reads\nCREATE TABLE extra (id int);",
    );
    expect(names(await migrate(sql, { directory }))).toEqual(["9001_more.sql"]);
    const marks = await sql.query<{ name: string; upgrade: string }>(
      "SELECT name, upgrade FROM schema_migrations WHERE name IN ('0009_events_per_account.sql', '9001_more.sql') ORDER BY name",
    );
    expect(marks).toEqual([
      { name: "0009_events_per_account.sql", upgrade: "stop" },
      { name: "9001_more.sql", upgrade: "rolling" },
    ]);
  });

  it("announces what it applied when it commits", async () => {
    const heard: string[] = [];
    const unlisten = await sql.listen(
      migrationsChannel,
      (payload) => heard.push(payload),
      () => {},
    );
    await writeFile(
      join(directory, "9002_announced.sql"),
      "-- upgrade: rolling - a table nothing older reads\nCREATE TABLE announced (id int);",
    );
    await migrate(sql, { directory });
    await migrate(sql, { directory });
    await unlisten();
    expect(heard).toEqual(["9002_announced.sql"]);
  });

  it("rolls back a failing file entirely", async () => {
    await writeFile(
      join(directory, "9003_broken.sql"),
      "-- upgrade: rolling - broken on purpose\nCREATE TABLE half (id int); SELECT no_such_function();",
    );
    await expect(migrate(sql, { directory })).rejects.toThrow();
    expect(await sql.query("SELECT 1 FROM pg_tables WHERE tablename = 'half'")).toEqual([]);
    await rm(join(directory, "9003_broken.sql"));
  });

  it("refuses to start when an applied file was changed, but not for its mark line", async () => {
    const file = join(directory, "9001_more.sql");
    await writeFile(file, "-- upgrade: stop - the reviewer thought again\nCREATE TABLE extra (id int);");
    expect(names(await migrate(sql, { directory }))).toEqual([]);
    await writeFile(
      file,
      "-- upgrade: rolling - a table nothing older reads\nCREATE TABLE extra (id bigint);",
    );
    await expect(migrate(sql, { directory })).rejects.toThrow(/9001_more.sql was changed/);
    await writeFile(file, "-- upgrade: rolling - a table nothing older reads\nCREATE TABLE extra (id int);");
  });

  it("refuses a file without a mark, naming the line it must start with", async () => {
    await writeFile(join(directory, "9004_unmarked.sql"), "CREATE TABLE unmarked (id int);");
    await expect(migrate(sql, { directory })).rejects.toThrow(
      'migration 9004_unmarked.sql has no upgrade mark: its first line must be "-- upgrade: rolling - <why>"',
    );
    expect(await sql.query("SELECT 1 FROM pg_tables WHERE tablename = 'unmarked'")).toEqual([]);
    await rm(join(directory, "9004_unmarked.sql"));
  });

  describe("a database a newer server migrated", () => {
    let older: string;
    beforeAll(async () => {
      // This server's folder lacks the two newest files of the database's.
      older = await mkdtemp(join(tmpdir(), "wsafe-migrations-older-"));
      await cp(directory, older, { recursive: true });
      await rm(join(older, "9001_more.sql"));
      await rm(join(older, "9002_announced.sql"));
    });
    afterAll(() => rm(older, { recursive: true, force: true }));

    it("lets a server run beside migrations it does not know when every one is marked rolling", async () => {
      expect(await migrate(sql, { directory: older, besideNewer: true })).toEqual({
        applied: [],
        newer: ["9001_more.sql", "9002_announced.sql"],
      });
    });

    it("refuses them to the other commands, which could undo what the newer schema holds", async () => {
      await expect(migrate(sql, { directory: older })).rejects.toThrow(
        "database has migration 9001_more.sql, which this version of wsafe does not know: a newer version applied it. Servers of this version keep serving beside it, but its other commands do not run on it: use the newer version's",
      );
    });

    it("refuses to run beside one marked stop, naming it and what to do", async () => {
      await writeFile(
        join(directory, "9005_stop.sql"),
        "-- upgrade: stop - older servers would write what this one no longer reads\nCREATE TABLE stopper (id int);",
      );
      await migrate(sql, { directory });
      const refusal = migrate(sql, { directory: older, besideNewer: true });
      await expect(refusal).rejects.toBeInstanceOf(NewerDatabaseError);
      await expect(refusal).rejects.toThrow(
        "database has migration 9005_stop.sql, which this version of wsafe does not know: a newer version applied it, and servers of earlier versions must not run beside it. Start the newer version instead",
      );
    });
  });
});

describe("a store migrated before migrations carried marks", () => {
  // That the checksums are those a server of 1.2.0 recorded is proved against that
  // server itself, built from git (tests/operate/test/upgrade.test.ts).
  it("starts, gains the ledger's `upgrade` column, and has the marks of what it holds filled in", async () => {
    const sql = await openPglite("memory://");
    try {
      const files = await readMigrationFiles();
      await sql.exec(
        "CREATE TABLE schema_migrations (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
      );
      for (const file of files.slice(0, 8)) {
        await sql.exec(file.sql);
        await sql.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [
          file.name,
          file.checksum,
        ]);
      }
      const outcome = await migrate(sql);
      expect(names(outcome)).toEqual(files.slice(8).map((file) => file.name));
      const marks = await sql.query<{ upgrade: string | null }>(
        "SELECT upgrade FROM schema_migrations ORDER BY name",
      );
      expect(marks.map((row) => row.upgrade)).toEqual(files.map((file) => file.upgrade));
    } finally {
      await sql.close();
    }
  });
});
