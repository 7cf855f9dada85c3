import { randomBytes } from "node:crypto";
import type { Permission } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import { hashToken } from "../hashToken.js";

/**
 * The form of a token's public id (migration 0011 gives every token one): `tok_` and 16
 * hex digits. Neither the secret nor its hash: both stay out of every listing.
 */
export const tokenIdPattern = /^tok_[0-9a-f]{16}$/;

/** A token as `wsafe tokens list` shows it: everything but its secret and its hash. */
export interface TokenListing {
  id: string;
  accountId: string;
  permissions: Permission[];
  /** When it was issued or first imported, ISO 8601 in UTC to the second. */
  created: string;
  /** The token's own switch (`wsafe tokens revoke` turns it off). */
  active: boolean;
  /** Its account's (`wsafe accounts deactivate`): a token of an inactive account answers `account_inactive`. */
  accountActive: boolean;
}

/** A token just issued: its secret, shown once, and its id, kept. */
export interface IssuedToken {
  id: string;
  secret: string;
}

/**
 * Issues a new token for an account. Only the secret's hash is stored; the id comes from
 * the column's default, as for a token an import writes.
 *
 * @throws Error naming the account when it does not exist
 * @example
 * const { id, secret } = await createToken(sql, "acc_demo", ["read", "write"]);
 */
export async function createToken(
  sql: Sql,
  accountId: string,
  permissions: Permission[],
): Promise<IssuedToken> {
  const accounts = await sql.query("SELECT 1 FROM accounts WHERE id = $1", [accountId]);
  if (accounts.length === 0) throw new Error(`no such account: ${accountId}`);
  const secret = `wsafe_${randomBytes(24).toString("base64url")}`;
  const rows = await sql.query<{ id: string }>(
    "INSERT INTO tokens (token_hash, account_id, active, permissions) VALUES ($1, $2, true, $3) RETURNING id",
    [hashToken(secret), accountId, permissions],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("the new token's row came back empty");
  return { id, secret };
}

/**
 * Every token of the store, or of one account, by account, then oldest first.
 *
 * @param accountId - only this account's tokens
 */
export async function listTokens(sql: Sql, accountId?: string): Promise<TokenListing[]> {
  // The instant is formatted by the database: both drivers then give the same text.
  const rows = await sql.query<{
    id: string;
    account_id: string;
    permissions: Permission[];
    created: string;
    active: boolean;
    account_active: boolean;
  }>(
    `SELECT t.id, t.account_id, t.permissions, t.active, a.active AS account_active,
            to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created
       FROM tokens t JOIN accounts a ON a.id = t.account_id
      WHERE $1::text IS NULL OR t.account_id = $1
      ORDER BY t.account_id, t.created_at, t.id`,
    [accountId ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    permissions: row.permissions,
    created: row.created,
    active: row.active,
    accountActive: row.account_active,
  }));
}

/** What a revocation found: the token (by id), and whether it was active until now. */
export interface RevokedToken {
  id: string;
  accountId: string;
  wasActive: boolean;
}

/**
 * Deactivates a token named by its id (`tok_…`, from `wsafe tokens list`) or by its
 * secret; `undefined` when neither names one. An argument shaped as an id is looked up as
 * an id first: a secret of that shape (an imported one may be) is still found after.
 *
 * @param reference - the token's id or its secret
 */
export async function revokeToken(sql: Sql, reference: string): Promise<RevokedToken | undefined> {
  const byId = tokenIdPattern.test(reference) ? await revokeWhere(sql, "id = $1", reference) : undefined;
  return byId ?? (await revokeWhere(sql, "token_hash = $1", hashToken(reference)));
}

async function revokeWhere(sql: Sql, condition: string, value: unknown): Promise<RevokedToken | undefined> {
  // Read and switched in one statement: `was_active` is the row as this statement found it.
  const rows = await sql.query<{ id: string; account_id: string; was_active: boolean }>(
    `WITH found AS (SELECT id, account_id, active FROM tokens WHERE ${condition} FOR UPDATE)
     UPDATE tokens SET active = false FROM found
      WHERE tokens.id = found.id
     RETURNING found.id, found.account_id, found.active AS was_active`,
    [value],
  );
  const row = rows[0];
  return row && { id: row.id, accountId: row.account_id, wasActive: row.was_active };
}
