import type pg from "pg";
import { fetchCursorBatches, uniqueCursorName } from "./cursorBatches.js";
import type { BatchReadOptions } from "./Sql.js";

/**
 * `Sql.readInBatches` on a PostgreSQL pool: one pooled connection for the whole read,
 * in a read-only transaction whose cursor runs the statement as rows are fetched, so
 * neither PostgreSQL nor this process ever holds the whole result.
 *
 * The connection stays checked out while the caller waits between batches (on a slow
 * client, for instance). That is the price of one snapshot, and the pool has room for
 * it; the caller bounds the wait (the HTTP server drops a client that stops reading).
 *
 * @param pool - the store's pool
 * @param text - the `SELECT`
 * @param params - its `$n` parameters
 * @param options - batch size and `SET LOCAL` settings
 */
export async function* readPostgresBatches<Row>(
  pool: pg.Pool,
  text: string,
  params: readonly unknown[],
  options: BatchReadOptions,
): AsyncGenerator<Row[], void, undefined> {
  const client = await pool.connect();
  // A checked-out client has no `error` listener of the pool's, so a backend that dies
  // between two fetches (terminated, network lost) would end the process with an
  // unhandled `error` event. The next query fails too, and that is what reports it.
  let failure: unknown;
  const onError = (error: Error) => {
    failure ??= error;
  };
  client.on("error", onError);
  let inTransaction = false;
  try {
    // A cursor is one statement, so it reads one snapshot whatever the isolation
    // level; REPEATABLE READ READ ONLY states that and refuses any write.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    inTransaction = true;
    for (const [name, value] of Object.entries(options.settings ?? {})) {
      await client.query("SELECT set_config($1, $2, true)", [name, value]);
    }
    const cursor = uniqueCursorName();
    await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${text}`, params as unknown[]);
    yield* fetchCursorBatches<Row>(
      async <R>(statement: string, values?: readonly unknown[]) =>
        (await client.query(statement, values as unknown[])).rows as R[],
      cursor,
      options.batchSize,
    );
    inTransaction = false;
    // Every row is read, from one snapshot of a read-only transaction: nothing depends
    // on the commit. A connection lost now fails only the commit, and must not cut an
    // answer that is complete; the connection is discarded all the same.
    await client.query("COMMIT").catch((error: unknown) => {
      failure ??= error;
    });
  } catch (error) {
    failure ??= error;
    throw error;
  } finally {
    // Stopped early (the caller broke off, e.g. its client went away): the rollback
    // drops the cursor and the connection goes back to the pool clean.
    if (inTransaction && failure === undefined) {
      await client.query("ROLLBACK").catch((error: unknown) => {
        failure = error;
      });
    }
    client.off("error", onError);
    // A connection that failed may be dead or inside an aborted transaction: the pool
    // discards it rather than hand it to the next request.
    client.release(failure === undefined ? undefined : true);
  }
}
