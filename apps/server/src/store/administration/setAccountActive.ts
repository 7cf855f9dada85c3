import type { Sql } from "../database/Sql.js";

/**
 * Turns an account on or off (`wsafe accounts activate` / `deactivate`): the tokens of an
 * inactive account answer `account_inactive`, each token keeping its own switch, so
 * activating the account again brings back exactly the tokens that were active.
 *
 * @param id - the account's id
 * @param active - the state wanted
 * @returns `undefined` when no such account exists; else whether it was already so
 * @example
 * await setAccountActive(sql, "acc_demo", true); // { wasAlready: false }
 */
export async function setAccountActive(
  sql: Sql,
  id: string,
  active: boolean,
): Promise<{ wasAlready: boolean } | undefined> {
  const rows = await sql.query<{ was: boolean }>(
    `WITH found AS (SELECT id, active FROM accounts WHERE id = $1 FOR UPDATE)
     UPDATE accounts SET active = $2 FROM found
      WHERE accounts.id = found.id
     RETURNING found.active AS was`,
    [id, active],
  );
  const row = rows[0];
  return row && { wasAlready: row.was === active };
}
