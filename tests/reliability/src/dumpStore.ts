import type { Store } from "@wsafe/server";

/** Every table of the store as ordered JSON text: equal dumps mean equal contents. */
export type StoreDump = Record<string, string>;

/**
 * Columns a server writes on its own schedule whatever it is asked, left out: the
 * instant the deployment last pruned its events (`event_retention.pruned_at`), which a
 * server starting on the seeded store claims at once. Requests must change everything
 * else not at all.
 */
const ownBookkeeping: Record<string, string> = { "public.event_retention": "pruned_at" };

/**
 * Dumps every user table of the database, each row as JSON and the rows sorted by
 * their text, so that two dumps are equal exactly when the tables hold the same rows.
 * Tables are found in the catalogue, not listed here, so a table added by a later
 * migration is covered too.
 */
export async function dumpStore(store: Store): Promise<StoreDump> {
  const tables = await store.sql.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  const dump: StoreDump = {};
  for (const { schema, name } of tables) {
    const qualified = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const left = ownBookkeeping[`${schema}.${name}`];
    const row = left ? `(to_jsonb(t) - '${left}')` : "row_to_json(t)";
    const rows = await store.sql.query<{ json: string }>(
      `SELECT coalesce(json_agg(${row} ORDER BY ${row}::text COLLATE "C"), '[]'::json)::text AS json
         FROM ${qualified} t`,
    );
    dump[`${schema}.${name}`] = rows[0]?.json ?? "[]";
  }
  return dump;
}

/** Rows per table, for the report. */
export function countRows(dump: StoreDump): Record<string, number> {
  return Object.fromEntries(
    Object.entries(dump).map(([table, json]) => [table, (JSON.parse(json) as unknown[]).length]),
  );
}
