import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Sql } from "./Sql.js";

/** Where the versioned `.sql` files live: `apps/server/migrations`, also in the published package. */
export const migrationsDirectory = fileURLToPath(new URL("../../../migrations/", import.meta.url));

// Any constant works; it only has to be the same for every server process sharing a database.
const MIGRATION_LOCK_KEY = 727_100_401;

/** One applied migration, as `migrate` reports it. */
export interface AppliedMigration {
  name: string;
}

/**
 * The names of the migration files, in the order they apply: what a database this
 * server can use has in its `schema_migrations` table.
 *
 * @param directory - the migrations folder
 */
export async function listMigrationFiles(directory = migrationsDirectory): Promise<string[]> {
  return (await readdir(directory)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
}

/**
 * Brings the database schema up to date with the `.sql` files of {@link migrationsDirectory},
 * applied in file name order, each exactly once.
 *
 * Everything runs in ONE transaction that first takes a transaction-scoped advisory
 * lock, so server processes starting together on one PostgreSQL apply each file once
 * and a failing file leaves the schema as it was. Applied files are recorded with a
 * SHA-256 checksum; a file edited after it was applied stops the start, because the
 * database would no longer match what the file says.
 *
 * @param sql - the database
 * @param directory - the migrations folder (tests may point elsewhere)
 * @returns the migrations applied by this call
 */
export async function migrate(sql: Sql, directory = migrationsDirectory): Promise<AppliedMigration[]> {
  const files = await listMigrationFiles(directory);
  const migrations = await Promise.all(
    files.map(async (name) => {
      const text = await readFile(`${directory}/${name}`, "utf8");
      return { name, text, checksum: createHash("sha256").update(text).digest("hex") };
    }),
  );
  return sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const rows = await tx.query<{ name: string; checksum: string }>(
      "SELECT name, checksum FROM schema_migrations",
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const known = new Set(files);
    for (const name of applied.keys()) {
      if (!known.has(name))
        throw new Error(
          `database has migration ${name}, which this server does not know: is it older than the database?`,
        );
    }
    const done: AppliedMigration[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum)
          throw new Error(`migration ${migration.name} was changed after it was applied`);
        continue;
      }
      await tx.exec(migration.text);
      await tx.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [
        migration.name,
        migration.checksum,
      ]);
      done.push({ name: migration.name });
    }
    return done;
  });
}
