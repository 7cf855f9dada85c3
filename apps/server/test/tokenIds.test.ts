// Migration 0011 gives every token a public id: the tokens a store already holds each get
// their own, and a token written as a 1.2.0 server or import writes it (naming only the
// columns it knows) gets one too, so servers of 1.2.0 can keep running beside it.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase, postgresUrl, skipWithout } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate, migrationsDirectory } from "../src/store/database/migrate.js";
import { openPglite } from "../src/store/database/openPglite.js";
import { openPostgres } from "../src/store/database/openPostgres.js";
import type { Sql } from "../src/store/database/Sql.js";
import { hashToken } from "../src/store/hashToken.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const stores = [
  {
    name: "PGlite",
    skip: false,
    open: async () => ({ sql: await openPglite("memory://"), drop: async () => {} }),
  },
  {
    name: "PostgreSQL",
    get skip() {
      return skipWithout("PostgreSQL", "migration 0011 on PostgreSQL");
    },
    open: async () => {
      const db = await createPostgresDatabase("token_ids", postgresUrl, { template: "none" });
      return { sql: await openPostgres(db.database), drop: () => db.drop() };
    },
  },
];

/** Inserts a token as servers and imports of 1.2.0 do: the columns they know, no id. */
const insertAsBefore = (sql: Sql, secret: string) =>
  sql.query(
    "INSERT INTO tokens (token_hash, account_id, active, permissions) VALUES ($1, 'acc_1', true, $2)",
    [hashToken(secret), ["read"]],
  );

describe.each(stores)("migration 0011 (token ids) on $name", ({ skip, open }) => {
  describe.skipIf(skip)("applied to a store of 1.2.0's schema", () => {
    let sql: Sql;
    let drop: () => Promise<void>;
    let directory: string;
    beforeAll(async () => {
      ({ sql, drop } = await open());
      directory = await mkdtemp(join(tmpdir(), "wsafe-migrations-"));
      await cp(migrationsDirectory, directory, {
        recursive: true,
        filter: (source) => !source.endsWith("0011_token_ids.sql"),
      });
      await migrate(sql, { directory });
      await sql.query("INSERT INTO accounts (id, name, active) VALUES ('acc_1', 'One', true)");
      for (const secret of ["before-1", "before-2", "before-3"]) await insertAsBefore(sql, secret);
    });
    afterAll(async () => {
      await sql?.close();
      await drop?.();
      await rm(directory, { recursive: true, force: true });
    });

    it("gives each token it finds an id of its own, and every token written as before one too", async () => {
      expect((await migrate(sql)).applied.map((m) => m.name)).toEqual(["0011_token_ids.sql"]);
      await insertAsBefore(sql, "after-1");
      const ids = (await sql.query<{ id: string }>("SELECT id FROM tokens")).map((row) => row.id);
      expect(ids.length).toBe(4);
      for (const id of ids) expect(id).toMatch(/^tok_[0-9a-f]{16}$/);
      expect(new Set(ids).size).toBe(4);
      // Unique: an id handed out twice is refused, never two tokens under one name.
      await expect(sql.query("UPDATE tokens SET id = $1 WHERE id <> $1", [ids[0]])).rejects.toThrow(
        /tokens_id_idx/,
      );
    });
  });
});
