import pg from "pg";
import { describe, expect, it } from "vitest";
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

describe.skipIf(skipWithout("PostgreSQL", "the scratch-database tests"))(createPostgresDatabase, () => {
  it("creates an empty database of its own and drops it, open connections and all", async () => {
    const db = await createPostgresDatabase("Self Test");
    expect(db.name).toMatch(/^wsafe_self_test_[0-9a-f]{10}$/);
    const client = new pg.Client({ connectionString: db.database });
    client.on("error", () => {});
    await client.connect();
    const tables = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.rows).toEqual([{ n: 0 }]);
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
