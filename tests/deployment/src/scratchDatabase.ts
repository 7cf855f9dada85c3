import { randomBytes } from "node:crypto";
import pg from "pg";

/** A database of this suite's own on the shared PostgreSQL server. */
export interface ScratchDatabase {
  name: string;
  /** Its URL on the PostgreSQL server itself (no pooler in between). */
  url: string;
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
 * Creates a fresh, empty database on the server of `serverUrl`; `drop()` removes it,
 * ending its connections first (never another database's).
 *
 * @param serverUrl - any database URL of the server
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `wsafe_deploy_${randomBytes(5).toString("hex")}`;
  await asAdmin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
