import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationsDirectory } from "./migrate.js";
import { openPglite } from "./openPglite.js";
import type { Sql } from "./Sql.js";

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

  it("applies each file once, in order", async () => {
    expect(await migrate(sql, directory)).toEqual([
      { name: "0001_initial.sql" },
      { name: "0002_change_notifications.sql" },
      { name: "0003_pagination.sql" },
      { name: "0004_events.sql" },
      { name: "0005_webhooks.sql" },
      { name: "0006_streams_and_retention.sql" },
      { name: "0007_webhook_pool.sql" },
      { name: "0008_inspections.sql" },
      { name: "0009_events_per_account.sql" },
      { name: "0010_schedule_change_notifications.sql" },
      { name: "0012_delivery_claims.sql" },
    ]);
    expect(await migrate(sql, directory)).toEqual([]);
    await writeFile(join(directory, "9001_more.sql"), "CREATE TABLE extra (id int);");
    expect(await migrate(sql, directory)).toEqual([{ name: "9001_more.sql" }]);
  });

  it("rolls back a failing file entirely", async () => {
    await writeFile(
      join(directory, "9002_broken.sql"),
      "CREATE TABLE half (id int); SELECT no_such_function();",
    );
    await expect(migrate(sql, directory)).rejects.toThrow();
    expect(await sql.query("SELECT 1 FROM pg_tables WHERE tablename = 'half'")).toEqual([]);
    await rm(join(directory, "9002_broken.sql"));
  });

  it("refuses to start when an applied file was changed", async () => {
    await writeFile(join(directory, "9001_more.sql"), "CREATE TABLE extra (id bigint);");
    await expect(migrate(sql, directory)).rejects.toThrow(/9001_more.sql was changed/);
  });
});
