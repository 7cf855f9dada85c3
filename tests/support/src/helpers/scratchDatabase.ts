import { randomBytes } from "node:crypto";
import pg from "pg";

/** A database of one test file's own on the shared PostgreSQL server. */
export interface ScratchDatabase {
  name: string;
  /** Its URL on the same server. */
  url: string;
  /** Removes it, ending its connections first (never another database's). */
  drop(): Promise<void>;
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates a fresh, empty database on the server of `serverUrl` (the tests' PostgreSQL,
 * `WSAFE_TEST_DATABASE_URL`), never reusing one.
 *
 * @param serverUrl - any database URL of the server
 * @param prefix - the start of its name, saying which suite made it
 * @example
 * const db = await createScratchDatabase(process.env.WSAFE_TEST_DATABASE_URL!, "wsafe_operate");
 * // ... wsafe serve --database db.url ...
 * await db.drop();
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = "wsafe_test",
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await asAdmin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
