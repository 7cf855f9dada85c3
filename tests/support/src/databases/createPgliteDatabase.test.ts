import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { serverDirectory } from "../workspace/serverDirectory.js";
import { createPgliteDatabase } from "./createPgliteDatabase.js";

interface StoreWithSql {
  sql: { query<Row>(text: string): Promise<Row[]> };
  close(): Promise<void>;
}

describe(createPgliteDatabase, () => {
  it("names a store inside a fresh directory and removes the directory on drop", async () => {
    const db = await createPgliteDatabase("self-test", { template: "none" });
    expect(dirname(db.database)).toBe(db.directory);
    expect(existsSync(db.directory)).toBe(true);
    await db.drop();
    await db.drop();
    expect(existsSync(db.directory)).toBe(false);
  });

  it("copies a migrated store whose buffer cache is 16 MB, not PostgreSQL's 128, in every process that opens it", async () => {
    const db = await createPgliteDatabase("buffers");
    try {
      const server = (await import(pathToFileURL(join(serverDirectory(), "dist", "index.js")).href)) as {
        openStore(database: string): Promise<StoreWithSql>;
      };
      const store = await server.openStore(db.database);
      try {
        const [buffers] = await store.sql.query<{ shared_buffers: string }>("SHOW shared_buffers");
        expect(buffers?.shared_buffers).toBe("16MB");
        const [applied] = await store.sql.query<{ count: string }>(
          "SELECT count(*)::text AS count FROM schema_migrations",
        );
        expect(Number(applied?.count)).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    } finally {
      await db.drop();
    }
    // Loading the server and opening its store: 3 s on 2 quiet cores, past vitest's 5 in a full run.
  }, 60_000);
});
