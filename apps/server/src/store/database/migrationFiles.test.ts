import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  listMigrationFiles,
  migrationsDirectory,
  parseMigrationFile,
  readMigrationFiles,
} from "./migrationFiles.js";

describe(readMigrationFiles, () => {
  it("finds an upgrade mark with its reason on the first line of every migration of the server", async () => {
    const names = await listMigrationFiles();
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      const text = await readFile(join(migrationsDirectory, name), "utf8");
      expect(() => parseMigrationFile(name, text), name).not.toThrow();
    }
    const files = await readMigrationFiles();
    expect(files.map((file) => file.name)).toEqual(names);
    for (const file of files) expect(file.why.length, file.name).toBeGreaterThan(10);
  });

  // What each mark says is decided by reading what the migration does (the reasons are in
  // the files); a mark changed without its reason changing shows here.
  it("marks 0009 stop (it drops a primary key and replaces a trigger) and the others rolling", async () => {
    const marks = Object.fromEntries((await readMigrationFiles()).map((file) => [file.name, file.upgrade]));
    expect(marks).toMatchObject({
      "0001_initial.sql": "rolling",
      "0002_change_notifications.sql": "rolling",
      "0003_pagination.sql": "rolling",
      "0004_events.sql": "rolling",
      "0005_webhooks.sql": "rolling",
      "0006_streams_and_retention.sql": "rolling",
      "0007_webhook_pool.sql": "rolling",
      "0008_inspections.sql": "rolling",
      "0009_events_per_account.sql": "stop",
      "0010_schedule_change_notifications.sql": "rolling",
    });
  });
});

describe(parseMigrationFile, () => {
  it("leaves the mark line out of what runs and of the checksum", () => {
    const marked = parseMigrationFile(
      "0011_x.sql",
      "-- upgrade: stop - it drops a column\nALTER TABLE t DROP COLUMN c;\n",
    );
    expect(marked).toMatchObject({
      upgrade: "stop",
      why: "it drops a column",
      sql: "ALTER TABLE t DROP COLUMN c;\n",
    });
    expect(
      parseMigrationFile("0011_x.sql", "-- upgrade: rolling - again\nALTER TABLE t DROP COLUMN c;\n")
        .checksum,
    ).toBe(marked.checksum);
  });

  it.each([
    ["no mark", "CREATE TABLE t (id int);"],
    ["a mark on a later line", "-- a comment\n-- upgrade: rolling - adds a table\nCREATE TABLE t (id int);"],
    ["a mark without its reason", "-- upgrade: rolling\nCREATE TABLE t (id int);"],
    ["another word", "-- upgrade: online - adds a table\nCREATE TABLE t (id int);"],
  ])("refuses %s, saying what the first line must be", (_case, text) => {
    expect(() => parseMigrationFile("0011_x.sql", text)).toThrow(
      'migration 0011_x.sql has no upgrade mark: its first line must be "-- upgrade: rolling - <why>" when servers of the release before it keep working beside it (a deployment restarts them one at a time), or "-- upgrade: stop - <why>" when every server must stop before the first new one starts',
    );
  });
});
