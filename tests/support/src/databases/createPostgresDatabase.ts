import { randomBytes } from "node:crypto";
import { asAdmin, postgresStoreTemplate } from "./postgresStoreTemplate.js";
import type { PostgresScratchDatabase } from "./ScratchDatabase.js";
import { postgresUrl } from "./services.js";

/** What a new database starts as, see {@link createPostgresDatabase}. */
export interface PostgresDatabaseOptions {
  /**
   * `migrated` (default): a copy of a template database holding every migration of the
   * server, as a server leaves a database on first open (made once per set of
   * migrations, see `postgresStoreTemplate`); `none`: empty, for a test of what a
   * server does to an empty database.
   */
  template?: "migrated" | "none";
}

/**
 * Creates a fresh database on the test's PostgreSQL server - never reuses one,
 * never touches another's data - and drops it (connections and all) on `drop()`. It
 * starts migrated, copied with `CREATE DATABASE ... TEMPLATE` from a template made
 * once by the server's own `openStore`: a server opens it as it would a database it
 * had migrated itself, without running the migrations again (`template: "none"` gives
 * an empty one, as does a server that is not built).
 *
 * @param label - part of its name, to tell whose it was (letters, digits, `_`)
 * @param serverUrl - any database URL of the server; default `WSAFE_TEST_DATABASE_URL`
 * @param options - what it starts as
 * @example
 * import { createPostgresDatabase } from "@wsafe/test-support";
 * const db = await createPostgresDatabase("fuzz");
 * const server = await startServer({ port: 0, database: db.database });
 * // ...
 * await server.close();
 * await db.drop();
 */
export async function createPostgresDatabase(
  label = "test",
  serverUrl: string | undefined = postgresUrl,
  options: PostgresDatabaseOptions = {},
): Promise<PostgresScratchDatabase> {
  if (!serverUrl)
    throw new Error("WSAFE_TEST_DATABASE_URL is not set: no PostgreSQL server to create a database on");
  const name = `wsafe_${label.toLowerCase().replace(/[^a-z0-9_]/g, "_")}_${randomBytes(5).toString("hex")}`;
  const template = options.template === "none" ? undefined : await postgresStoreTemplate(serverUrl);
  await asAdmin(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const terminateBackends = () =>
    asAdmin(serverUrl, async (client) => {
      const result = await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      return result.rowCount ?? 0;
    });
  return {
    kind: "PostgreSQL",
    name,
    database: url.toString(),
    terminateBackends,
    async drop() {
      // FORCE ends the connections a test left open (a pool, a killed server's).
      await asAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
