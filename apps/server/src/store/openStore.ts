import { databaseKind, defaultDatabase, isPostgresUrl } from "./database/databaseKind.js";
import { migrate } from "./database/migrate.js";
import { Store } from "./Store.js";

/** How {@link openStore} connects, beyond the database itself. */
export interface StoreOptions {
  /**
   * PostgreSQL only: a `postgres://` URL for the one session that listens for changes
   * (`LISTEN`), when `database` leads to a pooler that hands each transaction to any
   * server connection (PgBouncer in transaction mode), where notifications never
   * arrive. It must reach the same database directly. Default: `database` itself.
   */
  listenDatabase?: string;
  /**
   * Whether the caller is a server, which may run beside newer migrations marked
   * `rolling` (see `migrate`); other commands refuse any migration they do not know.
   */
  besideNewer?: boolean;
}

export { defaultDatabase, isPostgresUrl };

/**
 * Opens the store and applies pending migrations: a `postgres://` (or `postgresql://`)
 * URL uses that PostgreSQL server, `memory://` an in-memory embedded database (tests),
 * a path the directory of the embedded database (PGlite). Any other `scheme://` is
 * refused before anything is opened or created (see {@link databaseKind}).
 *
 * @param database - URL or directory; default `./.wsafe/data`
 * @param options - a direct URL for listening, behind a transaction pooler
 * @throws Error for a URL of another scheme, naming it
 * @example
 * const store = await openStore("memory://");
 * await importDataset(store, createDemoDataset());
 */
export async function openStore(
  database: string = defaultDatabase,
  options: StoreOptions = {},
): Promise<Store> {
  const kind = databaseKind(database);
  if (
    options.listenDatabase !== undefined &&
    !(isPostgresUrl(database) && isPostgresUrl(options.listenDatabase))
  )
    throw new Error("a listen database needs PostgreSQL: both URLs must be postgres://...");
  // Each store's driver is loaded when it is opened: a process uses one of the two, and
  // loading both cost every start (every `wsafe` command) the other's ~0.15 s of CPU.
  const sql =
    kind === "postgres"
      ? await (await import("./database/openPostgres.js")).openPostgres(database, options.listenDatabase)
      : await (await import("./database/openPglite.js")).openPglite(
          kind === "memory" ? "memory://" : database,
        );
  try {
    return new Store(sql, await migrate(sql, { besideNewer: options.besideNewer }));
  } catch (error) {
    await sql.close();
    throw error;
  }
}
