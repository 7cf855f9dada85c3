import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { serverDirectory } from "../workspace/serverDirectory.js";
import { makeStoreTemplate, storeTemplateKey } from "./storeTemplates.js";

/** Runs `work` on a connection to the server's maintenance database, closing it after. */
export async function asAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  // A backend ended under it must not crash the test process.
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

// Any constant: every process making a template on one server takes this lock first.
const TEMPLATE_LOCK_KEY = 727_100_434;
const made = new Map<string, Promise<string | undefined>>();

/**
 * The name of a migrated template database on the PostgreSQL server of `serverUrl`
 * (`wsafe_template_<key>`, see `storeTemplateKey`), made once per key and server by
 * whoever asks first - under an advisory lock, so processes and other checkouts sharing
 * the server never make it twice - with the server's own `openStore`. It takes no
 * connections once made, so `CREATE DATABASE ... TEMPLATE` may always copy it. Undefined
 * when the server is not built.
 *
 * @param serverUrl - any database URL of the server
 * @param directory - the server's folder (see `serverDirectory`)
 */
export function postgresStoreTemplate(
  serverUrl: string,
  directory = serverDirectory(),
): Promise<string | undefined> {
  const id = `${serverUrl} ${directory}`;
  let found = made.get(id);
  if (!found) {
    found = (async () => {
      if (!existsSync(join(directory, "dist", "index.js"))) return undefined;
      const name = `wsafe_template_${(await storeTemplateKey("migrated", "postgres", directory)).slice(-16)}`;
      return asAdmin(serverUrl, async (client) => {
        await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
        try {
          const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
          if (exists.rowCount === 1) return name;
          const building = `${name}_building`;
          await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
          await client.query(`CREATE DATABASE ${building}`);
          const url = new URL(serverUrl);
          url.pathname = `/${building}`;
          await makeStoreTemplate("migrated", url.toString(), directory);
          // The maker's pool has closed; a backend may still be on its way out.
          await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [
            building,
          ]);
          await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
          await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
          return name;
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
        }
      });
    })();
    made.set(id, found);
    found.catch(() => made.delete(id));
  }
  return found;
}
