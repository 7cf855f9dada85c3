import pg from "pg";
import { copyInPostgres } from "./copyInPostgres.js";
import { copyPostgresRows } from "./copyPostgresRows.js";
import { readCursorInTransaction } from "./cursorBatches.js";
import { postgresListener } from "./listenPostgres.js";
import { readColumnFromRows } from "./readColumnFromRows.js";
import { readPostgresBatches } from "./readPostgresBatches.js";
import type { BatchReadOptions, Sql } from "./Sql.js";

/** Connections per server process: several requests' statements at once, well under PostgreSQL's limit. */
const POOL_MAX = 10;

/**
 * Connects to a PostgreSQL server through a `pg` pool.
 *
 * Every statement works through PgBouncer in transaction mode: each runs alone or
 * inside a transaction of its own (`BEGIN` ... `COMMIT` on one checked-out client), with
 * no session state between statements: unnamed prepared statements, `set_config(...,
 * true)` and cursors live within one transaction, and the migrations' advisory lock is
 * transaction-scoped. Only `LISTEN` needs a session; `listenUrl` gives it a direct one.
 *
 * @param url - a `postgres://` or `postgresql://` connection URL
 * @param listenUrl - where the listening session connects; default `url`
 */
export async function openPostgres(url: string, listenUrl: string = url): Promise<Sql> {
  // JIT compilation costs a second or more on the large equipments.list statement and
  // never pays back on these short queries. PgBouncer refuses this startup parameter
  // unless it ignores it (`ignore_startup_parameters = options`); deploy/ then turns JIT
  // off for its server connections with `connect_query`.
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    idleTimeoutMillis: 30_000,
    options: "-c jit=off",
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  // Fail at start, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  // Every channel of this store on one listening connection.
  const listen = postgresListener(listenUrl);
  const onClient = (client: pg.PoolClient): Sql => ({
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
      return work(onClient(client));
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
  });
  return {
    kind: "postgres",
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await pool.query(text, params as unknown[])).rows as Row[];
    },
    async queryPrepared<Row>(text: string, params: readonly unknown[] = []) {
      return (await pool.query(text, params as unknown[])).rows as Row[];
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async copyIn(table: string, columns: readonly string[], data: string) {
      const client = await pool.connect();
      let failed = false;
      try {
        return await copyInPostgres(client, table, columns, data);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        // A failed COPY may leave the connection mid-protocol: never hand it out again.
        client.release(failed || undefined);
      }
    },
    async transaction<T>(work: (sql: Sql) => Promise<T>) {
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
        const result = await work(onClient(client));
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
    },
    listen,
    readInBatches<Row>(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readPostgresBatches<Row>(pool, text, params, options);
    },
    readColumnInBatches(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return copyPostgresRows(pool, text, params, options);
    },
    async close() {
      await pool.end();
    },
    poolUsage: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
  };
}
