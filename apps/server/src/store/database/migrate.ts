import { type MigrationFile, migrationsDirectory, readMigrationFiles } from "./migrationFiles.js";
import { NewerDatabaseError } from "./NewerDatabaseError.js";
import { notificationChannels } from "./notificationChannels.js";
import type { Sql } from "./Sql.js";

export { listMigrationFiles, migrationsDirectory } from "./migrationFiles.js";

// Any constant works; it only has to be the same for every server process sharing a database.
const MIGRATION_LOCK_KEY = 727_100_401;

/**
 * The channel on which the transaction that applied migrations says so when it commits:
 * servers that run beside it look at once whether they still know their database.
 */
export const migrationsChannel = notificationChannels.migrations.name;

/** One migration applied, as `migrate` reports it. */
export interface AppliedMigration {
  name: string;
  /** How long its statements ran, in ms (the commit of all of them comes after). */
  durationMs: number;
}

/** What one call of {@link migrate} found and did. */
export interface MigrationOutcome {
  /** The migrations it applied, in order. */
  applied: AppliedMigration[];
  /**
   * Migrations the database has that this server does not know (a newer server applied
   * them), each marked `rolling`: this server may run beside them.
   */
  newer: string[];
}

/**
 * Brings the database schema up to date with the `.sql` files of {@link migrationsDirectory},
 * applied in file name order, each exactly once.
 *
 * Everything runs in ONE transaction that first takes a transaction-scoped advisory
 * lock, so server processes starting together on one PostgreSQL apply each file once
 * and a failing file leaves the schema as it was. Applied files are recorded with a
 * SHA-256 checksum and their upgrade mark; a file edited after it was applied stops the
 * start, because the database would no longer match what the file says. A database
 * holding migrations this server does not know stops it too, unless every one of them is
 * marked `rolling` (servers that do not know it keep working beside it) and the caller
 * is a server (`besideNewer`): a command such as an import of an older version could
 * undo what the newer schema holds. The commit announces what it applied on
 * {@link migrationsChannel}.
 *
 * @param sql - the database
 * @param options - the migrations folder (tests may point elsewhere); `besideNewer` for a server
 * @returns what this call applied, and the newer migrations it may run beside
 * @throws NewerDatabaseError for a migration it does not know that it may not run beside
 */
export async function migrate(
  sql: Sql,
  options: { directory?: string; besideNewer?: boolean } = {},
): Promise<MigrationOutcome> {
  const directory = options.directory ?? migrationsDirectory;
  const files = await readMigrationFiles(directory);
  return sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await prepareLedger(tx);
    const rows = await tx.query<{ name: string; checksum: string; upgrade: string | null }>(
      "SELECT name, checksum, upgrade FROM schema_migrations",
    );
    const known = new Set(files.map((file) => file.name));
    const newer = rows.filter((row) => !known.has(row.name)).sort((a, b) => a.name.localeCompare(b.name));
    const refused = newer.find((row) => row.upgrade !== "rolling" || !options.besideNewer);
    if (refused) throw new NewerDatabaseError(refused.name, refused.upgrade === "rolling");
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const pending = files.filter((file) => !applied.has(file.name));
    for (const file of files) {
      const checksum = applied.get(file.name);
      if (checksum !== undefined && checksum !== file.checksum)
        throw new Error(`migration ${file.name} was changed after it was applied`);
    }
    // A database a newer server migrated holds every migration this one knows; one that
    // lacks some of them beside newer ones took another road, and nothing here fits it.
    if (newer.length > 0 && pending.length > 0)
      throw new Error(
        `the database has migration ${newer[0]?.name} and lacks ${pending[0]?.name}: it was migrated by a server of another line than this one; serve it with that server's version`,
      );
    const done: AppliedMigration[] = [];
    for (const file of pending) done.push(await applyOne(tx, file));
    await markUnmarked(tx, files, rows);
    if (done.length > 0)
      await tx.query("SELECT pg_notify($1, $2)", [migrationsChannel, done.map((m) => m.name).join(",")]);
    return { applied: done, newer: newer.map((row) => row.name) };
  });
}

/** The table of applied migrations, with its `upgrade` column (added to a store made before marks). */
async function prepareLedger(tx: Sql): Promise<void> {
  await tx.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now(),
       upgrade text
     )`,
  );
  // Looked up first: ALTER TABLE would lock the table against every server's readiness
  // query at every start, for a column that is there.
  const column = await tx.query(
    "SELECT 1 FROM pg_attribute WHERE attrelid = 'schema_migrations'::regclass AND attname = 'upgrade' AND NOT attisdropped",
  );
  if (column.length === 0) await tx.exec("ALTER TABLE schema_migrations ADD COLUMN upgrade text");
}

async function applyOne(tx: Sql, file: MigrationFile): Promise<AppliedMigration> {
  const started = performance.now();
  await tx.exec(file.sql);
  await tx.query("INSERT INTO schema_migrations (name, checksum, upgrade) VALUES ($1, $2, $3)", [
    file.name,
    file.checksum,
    file.upgrade,
  ]);
  return { name: file.name, durationMs: Math.round(performance.now() - started) };
}

/**
 * Records the marks of migrations applied before marks existed, once: a server of a
 * later version that finds one of them unknown reads its mark from the database.
 */
async function markUnmarked(
  tx: Sql,
  files: readonly MigrationFile[],
  rows: readonly { name: string; upgrade: string | null }[],
): Promise<void> {
  const unmarked = new Set(rows.filter((row) => row.upgrade === null).map((row) => row.name));
  const marks = files.filter((file) => unmarked.has(file.name));
  if (marks.length === 0) return;
  await tx.query(
    `UPDATE schema_migrations s SET upgrade = m.upgrade
       FROM unnest($1::text[], $2::text[]) AS m(name, upgrade)
      WHERE s.name = m.name`,
    [marks.map((file) => file.name), marks.map((file) => file.upgrade)],
  );
}
