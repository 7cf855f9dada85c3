/**
 * The one door to the database that the rest of the server uses: plain PostgreSQL
 * statements with `$1` parameters, whatever runs them (embedded PGlite or a
 * PostgreSQL server through `pg`).
 */
export interface Sql {
  /** Runs one statement and returns its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * {@link query} for a statement of a fixed text that runs often (a write path's), kept
   * prepared where the connection allows it: on the embedded store, within a transaction
   * (`preparedPglite.ts`: parsed once, then one call into the database where `query`
   * makes six). On PostgreSQL it is {@link query}: named statements live on one server
   * connection, which PgBouncer in transaction mode (before 1.21) does not keep from one
   * transaction to the next, and the PostgreSQL path measured at its peer's CPU without
   * them (issue 38).
   */
  queryPrepared<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * Loads rows into a table with `COPY ... FROM` in PostgreSQL's text format (one row a
   * line, columns separated by tabs; see `copyText.ts`): the bulk path of imports,
   * several times cheaper per row than `INSERT` statements. Inside a transaction it runs
   * on the transaction's connection, so it sees (and fills) its temporary tables.
   *
   * @param table - the table, a trusted SQL identifier
   * @param columns - its columns in the order of each line's fields
   * @param data - the lines, each ending with a newline
   * @returns the number of rows loaded
   */
  copyIn(table: string, columns: readonly string[], data: string): Promise<number>;
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves,
   * rolled back when it throws.
   */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Listens on a notification channel (`LISTEN`) until the returned function is called.
   * `onNotify` gets each payload once its transaction committed. `onListening` says
   * whether notifications are being received: `false` when the listening connection is
   * lost (payloads may then be missed; it reconnects by itself), `true` again once it
   * listens. On PGlite, whose one connection lives in the process, it never fails.
   *
   * @param channel - a lower-case SQL identifier
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Reads the rows of one `SELECT` through a cursor, in batches of at most
   * `options.batchSize`, all from one snapshot, without ever holding the whole result.
   * Ending the loop early (`break`, `return`, a throw) closes the cursor and frees the
   * connection; a connection that failed is discarded, never reused.
   */
  readInBatches<Row = Record<string, unknown>>(
    text: string,
    params: readonly unknown[],
    options: BatchReadOptions,
  ): AsyncGenerator<Row[], void, undefined>;
  /**
   * Reads the one text column of a `SELECT`, in batches of at most `options.batchSize`
   * rows, from one snapshot: as raw bytes where the engine can stream them undecoded
   * (PostgreSQL: a binary COPY; parameters must be written `$n::type`), else as strings
   * through {@link readInBatches}. Ending the loop early frees what it holds.
   */
  readColumnInBatches(
    text: string,
    params: readonly unknown[],
    options: BatchReadOptions,
  ): AsyncGenerator<(string | Buffer)[], void, undefined>;
  /** Releases the connection(s) or the embedded database. */
  close(): Promise<void>;
  /**
   * How the connection pool is used right now, where there is one (PostgreSQL); the
   * embedded store has one connection in the process and no pool.
   */
  poolUsage?(): PoolUsage;
  /** Which engine runs the statements, for logs and messages. */
  readonly kind: "pglite" | "postgres";
}

/** How {@link Sql.readInBatches} reads. */
export interface BatchReadOptions {
  /** Rows per batch (one `FETCH`); a positive integer. */
  batchSize: number;
  /**
   * Configuration parameters for the statement only (`SET LOCAL`, e.g. `work_mem`),
   * applied where the store runs the statement in a transaction of its own.
   */
  settings?: Readonly<Record<string, string>>;
}

/** A connection pool at one instant; see {@link Sql.poolUsage}. */
export interface PoolUsage {
  /** Connections open, busy or idle. */
  total: number;
  /** Open connections that nothing uses. */
  idle: number;
  /** Statements or transactions waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}
