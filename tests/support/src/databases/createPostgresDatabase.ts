import { randomBytes } from "node:crypto";
import pg from "pg";
import type { PostgresScratchDatabase } from "./ScratchDatabase.js";
import { postgresUrl } from "./services.js";

/** Runs `work` on a connection to the server's maintenance database, closing it after. */
async function asAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
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

/**
 * Creates a fresh, empty database on the test's PostgreSQL server - never reuses one,
 * never touches another's data - and drops it (connections and all) on `drop()`.
 *
 * @param label - part of its name, to tell whose it was (letters, digits, `_`)
 * @param serverUrl - any database URL of the server; default `WSAFE_TEST_DATABASE_URL`
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
): Promise<PostgresScratchDatabase> {
  if (!serverUrl)
    throw new Error("WSAFE_TEST_DATABASE_URL is not set: no PostgreSQL server to create a database on");
  const name = `wsafe_${label.toLowerCase().replace(/[^a-z0-9_]/g, "_")}_${randomBytes(5).toString("hex")}`;
  await asAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
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
