import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** Where the versioned `.sql` files live: `apps/server/migrations`, also in the published package. */
export const migrationsDirectory = fileURLToPath(new URL("../../../migrations/", import.meta.url));

/**
 * Whether servers that do not know a migration may keep running beside a database it was
 * applied to: `rolling` when servers of the release before it keep working correctly
 * beside it (a deployment restarts them one at a time), `stop` when every one of them must
 * stop before the first server that applies it starts.
 */
export type UpgradeMark = "rolling" | "stop";

/** One migration file, read and checked. */
export interface MigrationFile {
  /** Its file name, e.g. `0009_events_per_account.sql`: the order it applies in. */
  name: string;
  /** What it runs: the file without its mark line. */
  sql: string;
  /** SHA-256 of {@link sql}, recorded when it is applied. */
  checksum: string;
  upgrade: UpgradeMark;
  /** The mark line's reason, for the docs' upgrade steps. */
  why: string;
}

// The mark is the first line of every file, so that whoever writes or reviews a migration
// reads it before the SQL. It is left out of the checksum: the files applied before marks
// existed were recorded without it, and stores holding them must keep starting.
const markLine = /^-- upgrade: (rolling|stop) - (\S.*)$/;

/**
 * Reads one migration file's text: its mark line, then the SQL it runs.
 *
 * @param name - the file name, for messages
 * @param text - the whole file
 * @throws Error naming the file and the line it must start with, when it has no mark
 * @example
 * parseMigrationFile("0011_x.sql", "-- upgrade: rolling - adds a table nothing older reads\nCREATE TABLE x ();");
 */
export function parseMigrationFile(name: string, text: string): MigrationFile {
  const end = text.indexOf("\n");
  const first = (end === -1 ? text : text.slice(0, end)).replace(/\r$/, "");
  const mark = markLine.exec(first);
  if (!mark)
    throw new Error(
      `migration ${name} has no upgrade mark: its first line must be "-- upgrade: rolling - <why>" when servers of the release before it keep working beside it (a deployment restarts them one at a time), or "-- upgrade: stop - <why>" when every server must stop before the first new one starts`,
    );
  const sql = end === -1 ? "" : text.slice(end + 1);
  return {
    name,
    sql,
    checksum: createHash("sha256").update(sql).digest("hex"),
    upgrade: mark[1] === "stop" ? "stop" : "rolling",
    why: mark[2] ?? "",
  };
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
 * Every migration file of `directory`, in the order they apply, each checked for its mark.
 *
 * @param directory - the migrations folder
 * @throws Error for the first file without a mark
 */
export async function readMigrationFiles(directory = migrationsDirectory): Promise<MigrationFile[]> {
  const names = await listMigrationFiles(directory);
  return Promise.all(
    names.map(async (name) => parseMigrationFile(name, await readFile(`${directory}/${name}`, "utf8"))),
  );
}
