// Copies of a prepared store, one per side of a workload that must start every side from
// the very same rows (the fan-out: the same events, ids and sequences, on every side).
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

/**
 * A fresh copy of the prepared store for one side: a copy of the PGlite directory, or a
 * PostgreSQL database made from the prepared one as its template.
 *
 * @param {{ postgres: boolean, base: string, baseName?: string, postgresUrl?: string, dir: string, side: string }} options
 * @returns {Promise<{ database: string, remove: () => Promise<void> }>}
 */
export async function copyStore({ postgres, base, baseName, postgresUrl, dir, side }) {
  if (!postgres) {
    const database = join(dir, side);
    cpSync(base, database, { recursive: true });
    return { database, remove: async () => rmSync(database, { recursive: true, force: true }) };
  }
  const name = `${baseName}_${side}`;
  const admin = async (/** @type {string} */ text) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${baseName}`);
  const url = new URL(/** @type {string} */ (postgresUrl));
  url.pathname = `/${name}`;
  return {
    database: url.toString(),
    remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
