import { createPostgresDatabase, postgresUrl, type ScratchDatabase } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../src/store/database/openPostgres.js";
import type { Sql } from "../src/store/database/Sql.js";

describe.skipIf(!postgresUrl)("a PostgreSQL transaction whose connection dies", () => {
  let db: ScratchDatabase;
  let sql: Sql;
  beforeAll(async () => {
    db = await createPostgresDatabase();
    sql = await openPostgres(db.database);
  });
  afterAll(async () => {
    await sql?.close();
    await db?.drop();
  });

  it("fails the transaction, keeps the process up, and never hands the dead connection out again", async () => {
    const admin = new pg.Client({ connectionString: db.database });
    await admin.connect();
    try {
      const work = sql.transaction(async (tx) => {
        const [row] = await tx.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        const pid = row!.pid;
        // Killed while idle between two statements: pg reports it as an `error` event.
        await admin.query("SELECT pg_terminate_backend($1)", [pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query("SELECT 1");
      });
      await expect(work).rejects.toThrow();
      // The pool still serves, on a fresh connection, as many times as it has connections.
      for (let i = 0; i < 12; i++) expect(await sql.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
