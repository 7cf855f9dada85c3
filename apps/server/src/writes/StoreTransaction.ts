import type { Sql } from "../store/database/Sql.js";

/** What this server keeps in memory that a committed write can make stale: dropped, it is read afresh. */
export interface StaleableCache {
  /** Drops what it keeps: the store changed. */
  changed(): void;
}

/**
 * One transaction of the store, as a writer works in it: its statements, what runs once it
 * committed, and the caches of this server that a write may make stale. Every writer of
 * events takes one (see `EventWriter`), so that clearing a cache happens after the commit,
 * in one place, and never in a handler.
 */
export interface StoreTransaction {
  /** The transaction: every statement of the write runs on it. */
  readonly sql: Sql;
  /**
   * Runs `hook` once the transaction committed, never when it rolls back: a server's
   * memory must not drop what the store still holds, nor keep what it no longer does.
   */
  afterCommit(hook: () => void): void;
  /** This server's cache of computed events (`EventLog`), when it keeps one. */
  readonly eventCache: StaleableCache | undefined;
}

/**
 * Runs `body` in one transaction of its own, then the hooks it registered with
 * {@link StoreTransaction.afterCommit}, in order, once it committed.
 *
 * @param sql - the store's database (not a transaction)
 * @param body - the transaction's work
 * @param eventCache - this server's cache of computed events, if any
 * @example
 * await runStoreTransaction(store.sql, async (tx) => (await EventWriter.open(tx, write)).recordScoped(...));
 */
export async function runStoreTransaction<T>(
  sql: Sql,
  body: (transaction: StoreTransaction) => Promise<T>,
  eventCache?: StaleableCache,
): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await sql.transaction((tx) =>
    body({ sql: tx, afterCommit: (hook) => hooks.push(hook), eventCache }),
  );
  for (const hook of hooks) hook();
  return result;
}
