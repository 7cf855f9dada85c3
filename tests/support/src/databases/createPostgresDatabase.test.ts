import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { workspaceServerDirectory } from "../workspace/serverDirectory.js";
import { createPostgresDatabase } from "./createPostgresDatabase.js";
import { postgresUrl, skipWithout } from "./services.js";

const exists = async (name: string) => {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
};

/** The names in `schema_migrations`, or the tables of `public` when there is no such table. */
const contentOf = async (database: string) => {
  const client = new pg.Client({ connectionString: database });
  client.on("error", () => {});
  await client.connect();
  try {
    const tables = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    if (tables.rows[0]!.n === 0) return { tables: 0 };
    const applied = await client.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    return { migrations: applied.rows.map((row) => row.name) };
  } finally {
    await client.end().catch(() => {});
  }
};

const serverBuilt = existsSync(join(workspaceServerDirectory, "dist", "index.js"));
if (!serverBuilt)
  console.warn(
    "\n!!! the migrated template's test SKIPPED: the server is not built (it makes the template)\n",
  );

describe.skipIf(skipWithout("PostgreSQL", "the scratch-database tests"))(createPostgresDatabase, () => {
  it.skipIf(!serverBuilt)(
    "creates a database of its own holding every migration, copied from the template, and drops it",
    async () => {
      const db = await createPostgresDatabase("Self Test");
      expect(db.name).toMatch(/^wsafe_self_test_[0-9a-f]{10}$/);
      const migrations = readdirSync(join(workspaceServerDirectory, "migrations"))
        .filter((name) => name.endsWith(".sql"))
        .sort();
      expect(await contentOf(db.database)).toEqual({ migrations });
      await db.drop();
      expect(await exists(db.name)).toBe(false);
    },
  );

  it('creates an empty one with `template: "none"`, and drops it, open connections and all', async () => {
    const db = await createPostgresDatabase("empty", postgresUrl, { template: "none" });
    const client = new pg.Client({ connectionString: db.database });
    client.on("error", () => {});
    await client.connect();
    expect(await contentOf(db.database)).toEqual({ tables: 0 });
    await db.drop();
    expect(await exists(db.name)).toBe(false);
    await client.end().catch(() => {});
  });

  it("ends the connections to its database only", async () => {
    const db = await createPostgresDatabase("terminate");
    const client = new pg.Client({ connectionString: db.database });
    client.on("error", () => {});
    await client.connect();
    expect(await db.terminateBackends()).toBe(1);
    await expect(client.query("SELECT 1")).rejects.toThrow();
    await db.drop();
  });
});
