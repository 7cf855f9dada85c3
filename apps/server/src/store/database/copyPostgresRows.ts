import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { BinaryCopyRows } from "./BinaryCopyRows.js";
import { paramsAsSettings } from "./paramsAsSettings.js";
import type { BatchReadOptions } from "./Sql.js";

/**
 * `Sql.readColumnInBatches` on a PostgreSQL pool: the one column of a `SELECT`, row by
 * row, as the raw bytes of a binary `COPY ... TO STDOUT`, in one snapshot of a read-only
 * transaction. Neither side holds the whole result, and no row becomes a JavaScript
 * string: a cursor read through `pg` decoded every row into a string, garbage that
 * kept the server's peak memory at 2.5 copies of a 36 MB answer while it waited for the
 * client (bench, issue "Performance at the limit").
 *
 * The stream is read as the caller asks for batches, so a slow client holds the COPY
 * back (PostgreSQL waits on its socket). A caller that stops early discards the
 * connection: it is still in the middle of the COPY.
 *
 * @param pool - the store's pool
 * @param text - the `SELECT` of one text column, its parameters written `$n::type`
 * @param params - their values
 * @param options - rows per batch and `SET LOCAL` settings
 */
export async function* copyPostgresRows(
  pool: pg.Pool,
  text: string,
  params: readonly unknown[],
  options: BatchReadOptions,
): AsyncGenerator<Buffer[], void, undefined> {
  const statement = paramsAsSettings(text, params);
  const client = await pool.connect();
  // A checked-out client has no `error` listener of the pool's; see readPostgresBatches.
  let failure: unknown;
  const onError = (error: Error) => {
    failure ??= error;
  };
  client.on("error", onError);
  let finished = false;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    for (const [name, value] of Object.entries({ ...options.settings, ...statement.settings })) {
      await client.query("SELECT set_config($1, $2, true)", [name, value]);
    }
    const stream = client.query(copyTo(`COPY (${statement.text}) TO STDOUT (FORMAT binary)`));
    const rows = new BinaryCopyRows();
    let batch: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (const row of rows.push(chunk)) {
        batch.push(row);
        if (batch.length >= options.batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (!rows.ended) throw new Error("the COPY ended before its end marker");
    if (batch.length > 0) yield batch;
    finished = true;
    // Every row is read from one snapshot of a read-only transaction: a commit that
    // fails now must not cut an answer that is complete; the connection goes all the same.
    await client.query("COMMIT").catch((error: unknown) => {
      failure ??= error;
    });
  } catch (error) {
    failure ??= error;
    throw error;
  } finally {
    client.off("error", onError);
    // Stopped early or failed: the connection may still be inside the COPY, or dead.
    client.release(finished && failure === undefined ? undefined : true);
  }
}
