import type { Sql } from "../../src/store/database/Sql.js";

/**
 * The store's database, keeping the text of every statement sent through it, in
 * transactions too: what a write asked of the database, in order.
 *
 * @param sql - the store's database
 */
export function countingSql(sql: Sql): { sql: Sql; sent: string[] } {
  const sent: string[] = [];
  const counted = (inner: Sql): Sql => ({
    ...inner,
    query: (text, params) => {
      sent.push(text);
      return inner.query(text, params);
    },
    queryPrepared: (text, params) => {
      sent.push(text);
      return inner.queryPrepared(text, params);
    },
    transaction: (work) => inner.transaction((tx) => work(counted(tx))),
  });
  return { sql: counted(sql), sent };
}
