import { migrate } from "./migrate.js";
import { openPglite } from "./openPglite.js";
import { openPostgres } from "./openPostgres.js";
import { Store } from "./Store.js";

/** The embedded store's directory when none is given. */
export const defaultDatabase = "./.wsafe/data";

/** How {@link openStore} connects, beyond the database itself. */
export interface StoreOptions {
  /**
   * PostgreSQL only: a `postgres://` URL for the one session that listens for changes
   * (`LISTEN`), when `database` leads to a pooler that hands each transaction to any
   * server connection (PgBouncer in transaction mode), where notifications never
   * arrive. It must reach the same database directly. Default: `database` itself.
   */
  listenDatabase?: string;
}

/** Whether `--database` names a PostgreSQL server (else it is the embedded store). */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/**
 * Opens the store and applies pending migrations: a `postgres://` (or `postgresql://`)
 * URL uses that PostgreSQL server, `memory://` an in-memory embedded database (tests),
 * anything else is the directory of the embedded database (PGlite).
 *
 * @param database - URL or directory; default `./.wsafe/data`
 * @param options - a direct URL for listening, behind a transaction pooler
 * @example
 * const store = await openStore("memory://");
 * await importDataset(store, createDemoDataset());
 */
export async function openStore(
  database: string = defaultDatabase,
  options: StoreOptions = {},
): Promise<Store> {
  if (
    options.listenDatabase !== undefined &&
    !(isPostgresUrl(database) && isPostgresUrl(options.listenDatabase))
  )
    throw new Error("a listen database needs PostgreSQL: both URLs must be postgres://...");
  const sql = isPostgresUrl(database)
    ? await openPostgres(database, options.listenDatabase)
    : await openPglite(database);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return new Store(sql);
}
