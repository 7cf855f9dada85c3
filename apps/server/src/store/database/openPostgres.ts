import pg from "pg";
import { copyInPostgres } from "./copyInPostgres.js";
import { copyPostgresRows } from "./copyPostgresRows.js";
import { postgresListener } from "./listenPostgres.js";
import { postgresTransaction } from "./postgresTransaction.js";
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
    transaction<T>(work: (sql: Sql) => Promise<T>) {
      return postgresTransaction(pool, listen, work);
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
