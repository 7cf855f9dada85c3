import type pg from "pg";
import { copyInPostgres } from "./copyInPostgres.js";
import { readCursorInTransaction } from "./cursorBatches.js";
import { readColumnFromRows } from "./readColumnFromRows.js";
import type { BatchReadOptions, Sql } from "./Sql.js";

/**
 * Runs `work` in a transaction of its own on one client checked out of the pool:
 * committed if it resolves, rolled back if it throws, and the client discarded, never
 * handed to the next request, if its connection failed meanwhile.
 *
 * @param pool - the store's pool
 * @param listen - the store's listening session, which the transaction's `Sql` shares
 * @param work - the statements, given the transaction's `Sql`
 */
export async function postgresTransaction<T>(
  pool: pg.Pool,
  listen: Sql["listen"],
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: without one, a backend
  // that dies mid-transaction (an import killed by an operator) would end the process.
  // The failed query rejects on its own; this only keeps the event from crashing us.
  let lost: unknown;
  const onError = (error: unknown) => {
    lost = error;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work(clientSql(client, listen));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    if (lost === undefined) await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.removeListener("error", onError);
    // A connection that failed is discarded, never handed to the next request.
    client.release(lost === undefined ? undefined : true);
  }
}

/** The `Sql` inside a transaction: every statement on its one client; a nested transaction is the same one. */
function clientSql(client: pg.PoolClient, listen: Sql["listen"]): Sql {
  return {
    kind: "postgres",
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await client.query(text, params as unknown[])).rows as Row[];
    },
    async queryPrepared<Row>(text: string, params: readonly unknown[] = []) {
      return (await client.query(text, params as unknown[])).rows as Row[];
    },
    async exec(text: string) {
      await client.query(text);
    },
    copyIn(table: string, columns: readonly string[], data: string) {
      return copyInPostgres(client, table, columns, data);
    },
    transaction<T>(work: (sql: Sql) => Promise<T>) {
      return work(clientSql(client, listen));
    },
    listen,
    readInBatches<Row>(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readCursorInTransaction<Row>(
        async <R>(statement: string, values?: readonly unknown[]) =>
          (await client.query(statement, values as unknown[])).rows as R[],
        text,
        params,
        options.batchSize,
      );
    },
    // Inside a transaction the connection is the caller's: a cursor, not a COPY.
    readColumnInBatches(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readColumnFromRows(this.readInBatches(text, params, options));
    },
    async close() {},
  };
}
