import type { PGlite } from "@electric-sql/pglite";
import { fetchCursorBatches, uniqueCursorName } from "./cursorBatches.js";
import type { BatchReadOptions } from "./Sql.js";

/**
 * `Sql.readInBatches` on the embedded store, which has ONE connection for every
 * request: a transaction held open while a slow client reads would stall all of them.
 * So the cursor is declared `WITH HOLD` in a short transaction: its commit runs the
 * statement once, from one snapshot, into a store of rows that PostgreSQL keeps in
 * `work_mem` and spills to temporary files beyond it; each batch is then a
 * `FETCH` outside any transaction, and other requests' statements run between two
 * batches. Keyset pagination would need no held cursor but re-runs the statement (and
 * the schedules' grouping) per page, and could mix two states of the data.
 *
 * The cursor outlives the transaction, so it is closed whatever ends the read: it
 * would otherwise stay open as long as the process.
 *
 * @param db - the embedded database
 * @param text - the `SELECT`
 * @param params - its `$n` parameters
 * @param options - batch size and `SET LOCAL` settings (in force while the rows are made)
 */
export async function* readPgliteBatches<Row>(
  db: PGlite,
  text: string,
  params: readonly unknown[],
  options: BatchReadOptions,
): AsyncGenerator<Row[], void, undefined> {
  const cursor = uniqueCursorName();
  await db.transaction(async (tx) => {
    for (const [name, value] of Object.entries(options.settings ?? {})) {
      await tx.query("SELECT set_config($1, $2, true)", [name, value]);
    }
    await tx.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${text}`, params as unknown[]);
  });
  try {
    yield* fetchCursorBatches<Row>(
      async <R>(statement: string, values?: readonly unknown[]) =>
        (await db.query<R>(statement, values as unknown[])).rows,
      cursor,
      options.batchSize,
    );
  } finally {
    // Closing can only fail once the database is closed, which drops the cursor too.
    if (!db.closed) await db.query(`CLOSE ${cursor}`).catch(() => {});
  }
}
