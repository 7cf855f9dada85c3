import { migrate } from "./migrate.js";
import { openPglite } from "./openPglite.js";
import { openPostgres } from "./openPostgres.js";
import { Store } from "./Store.js";

/** The embedded store's directory when none is given. */
export const defaultDatabase = "./.wsafe/data";

/**
 * Opens the store and applies pending migrations: a `postgres://` (or `postgresql://`)
 * URL uses that PostgreSQL server, `memory://` an in-memory embedded database (tests),
 * anything else is the directory of the embedded database (PGlite).
 *
 * @param database - URL or directory; default `./.wsafe/data`
 * @example
 * const store = await openStore("memory://");
 * await importDataset(store, createDemoDataset());
 */
export async function openStore(database: string = defaultDatabase): Promise<Store> {
  const sql = /^postgres(ql)?:\/\//i.test(database)
    ? await openPostgres(database)
    : await openPglite(database);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return new Store(sql);
}
