// The store of a raw-SQL peer of a write method (inspections.record, equipments.update):
// wsafe's tables, written by the peer's own statements. On PostgreSQL through `pg`; on
// PGlite through the embedded database of a wsafe server started in the peer's process
// on its own store (the one connection of PGlite cannot be shared across processes),
// whose `Sql` only runs the peer's statements. That server, or the wsafe server reading
// the same PostgreSQL database (`readsFrom`), answers every other method the peer
// forwards: the conformance kit reads what the peer wrote through them.
import pg from "pg";
import { serverLocation } from "../lib/serverSnapshot.mjs";

/** @typedef {(text: string, params?: unknown[]) => Promise<any[]>} Query */
/** @typedef {(work: (query: Query) => Promise<any>) => Promise<any>} Transaction */

/** A failure answered from inside a PGlite transaction rolls it back: thrown, then returned. */
class Refused extends Error {
  /** @param {any} answer */
  constructor(answer) {
    super("refused");
    this.answer = answer;
  }
}

/**
 * Opens the peer's store. A transaction's work that answers `{ ok: false }` is rolled
 * back (a refusal writes nothing, its idempotency key included); one that throws too.
 * `prepared`: on PGlite, a transaction's statements are kept prepared by their text, as
 * wsafe keeps its writers' (`Sql.queryPrepared`): PGlite parses and plans every statement
 * otherwise, several calls into the database each. On PostgreSQL the statements stay
 * unnamed, as wsafe's do (PgBouncer before 1.21 loses named ones between transactions).
 *
 * @param {{ database: string, readsFrom?: string, tls: object, rateLimit: object, webhooks?: object, prepared?: boolean }} options
 * @returns {Promise<{ query: Query, transaction: Transaction, readerUrl: string, close: () => Promise<void> }>}
 */
export async function openPeerStore({ database, readsFrom, tls, rateLimit, webhooks, prepared = false }) {
  if (database.startsWith("postgres")) {
    if (!readsFrom) throw new Error("a peer on PostgreSQL needs readsFrom: the wsafe server on its database");
    const pool = new pg.Pool({ connectionString: database, max: 20 });
    /** @type {Transaction} */
    const transaction = async (work) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(async (text, params) => (await client.query(text, params)).rows);
        await client.query(result?.ok === false ? "ROLLBACK" : "COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
    return {
      query: async (text, params) => (await pool.query(text, params)).rows,
      transaction,
      readerUrl: readsFrom,
      close: () => pool.end(),
    };
  }
  const { startServer } = await import(serverLocation().entryUrl);
  const { storeOf } = await import(new URL("./testing.js", serverLocation().entryUrl).href);
  const reader = await startServer({
    port: 0,
    host: "127.0.0.1",
    logger: false,
    database,
    tls,
    rateLimit,
    webhooks,
  });
  const sql = storeOf(reader).sql;
  /** @type {Transaction} */
  const transaction = (work) =>
    sql
      .transaction(async (/** @type {any} */ tx) => {
        const result = await work((text, params) =>
          prepared ? tx.queryPrepared(text, params) : tx.query(text, params),
        );
        if (result?.ok === false) throw new Refused(result);
        return result;
      })
      .catch((/** @type {unknown} */ error) => {
        if (error instanceof Refused) return error.answer;
        throw error;
      });
  return {
    query: (text, params) => sql.query(text, params),
    transaction,
    readerUrl: reader.url,
    close: () => reader.close(),
  };
}
