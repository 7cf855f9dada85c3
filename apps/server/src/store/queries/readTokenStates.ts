import type { Sql } from "../database/Sql.js";

/** Whether a token may still be used: it and its account active. */
export interface TokenState {
  active: boolean;
  accountActive: boolean;
}

/**
 * The state of several tokens at once, by key (hex of the token's SHA-256), read from
 * the database, never from the read cache: what the open streams of a server are checked
 * against when tokens or accounts change. A key missing from the answer names a token
 * that no longer exists.
 *
 * @param sql - the store's database
 * @param keys - the tokens' keys
 */
export async function readTokenStates(sql: Sql, keys: readonly string[]): Promise<Map<string, TokenState>> {
  const states = new Map<string, TokenState>();
  if (keys.length === 0) return states;
  const rows = await sql.query<{ key: string; active: boolean; account_active: boolean }>(
    `SELECT encode(t.token_hash, 'hex') AS key, t.active, a.active AS account_active
       FROM tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.token_hash IN (SELECT decode(key, 'hex') FROM unnest($1::text[]) AS key)`,
    [keys],
  );
  for (const row of rows) states.set(row.key, { active: row.active, accountActive: row.account_active });
  return states;
}
