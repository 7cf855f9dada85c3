// What the upgrade test does to a database from outside any server, with the built
// server's own migrator and PostgreSQL driver: loaded by path, as they belong to no
// package API of @wsafe/server (an operator's newer server runs the same code at start).
import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The part of the server's `Sql` the test uses. */
export interface RawSql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface MigrateModule {
  migrate(sql: RawSql, options: { directory: string }): Promise<{ applied: { name: string }[] }>;
  migrationsDirectory: string;
}
interface MigrationFilesModule {
  readMigrationFiles(directory?: string): Promise<{ name: string; upgrade: "rolling" | "stop" }[]>;
}
interface OpenPostgresModule {
  openPostgres(url: string): Promise<RawSql>;
}

const serverDirectory = dirname(createRequire(import.meta.url).resolve("@wsafe/server/package.json"));
const load = <T>(file: string): Promise<T> =>
  import(pathToFileURL(join(serverDirectory, "dist", "store", "database", file)).href) as Promise<T>;

/** A connection of the built server's driver to `url`: no migration runs. */
export async function openRaw(url: string): Promise<RawSql> {
  return (await load<OpenPostgresModule>("openPostgres.js")).openPostgres(url);
}

/** The migrations of this build, with their marks. */
export async function thisBuildsMigrations(): Promise<{ name: string; upgrade: "rolling" | "stop" }[]> {
  return (await load<MigrationFilesModule>("migrationFiles.js")).readMigrationFiles();
}

/**
 * Applies, with this build's migrator, the migrations of a folder made of this build's
 * files named by `names` and the `extra` files given (name → text): what a server whose
 * folder that is applies when it starts.
 *
 * @returns the names it applied
 */
export async function migrateWith(
  url: string,
  names: readonly string[],
  extra: Record<string, string> = {},
): Promise<string[]> {
  const { migrate, migrationsDirectory } = await load<MigrateModule>("migrate.js");
  const folder = await mkdtemp(join(tmpdir(), "wsafe-upgrade-migrations-"));
  const sql = await openRaw(url);
  try {
    for (const name of await readdir(migrationsDirectory))
      if (names.includes(name)) await cp(join(migrationsDirectory, name), join(folder, name));
    for (const [name, text] of Object.entries(extra)) await writeFile(join(folder, name), text);
    return (await migrate(sql, { directory: folder })).applied.map((migration) => migration.name);
  } finally {
    await sql.close();
    await rm(folder, { recursive: true, force: true });
  }
}
