/** Runs one statement and returns its rows (the `query` of a {@link Sql}). */
type RunQuery = <Row>(text: string, params?: readonly unknown[]) => Promise<Row[]>;

let cursorCount = 0;

/**
 * A cursor name that no other cursor of this process has. The embedded store has one
 * session for every request, so two lists read at once need two names.
 */
export function uniqueCursorName(): string {
  cursorCount += 1;
  return `wsafe_cursor_${cursorCount}`;
}

/**
 * Fetches an open cursor's rows, `batchSize` at a time, until it has no more. An empty
 * result yields nothing; a batch shorter than `batchSize` is known to be the last.
 *
 * @param query - runs a statement on the connection that holds the cursor
 * @param cursor - the cursor's name, from {@link uniqueCursorName}
 * @param batchSize - rows per `FETCH`, a positive integer
 */
export async function* fetchCursorBatches<Row>(
  query: RunQuery,
  cursor: string,
  batchSize: number,
): AsyncGenerator<Row[], void, undefined> {
  // The count is written into the statement, so it must be a plain positive integer.
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new RangeError(`invalid batch size: ${batchSize}`);
  for (;;) {
    const rows = await query<Row>(`FETCH ${batchSize} FROM ${cursor}`);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}

/**
 * Reads a statement through a cursor inside a transaction the caller already holds
 * (`Sql.transaction`): the transaction gives the snapshot, and settings are left to
 * it. The cursor is closed when the reading ends, early or not.
 *
 * @param query - runs a statement in the caller's transaction
 * @param text - the `SELECT`
 * @param params - its `$n` parameters
 * @param batchSize - rows per batch
 */
export async function* readCursorInTransaction<Row>(
  query: RunQuery,
  text: string,
  params: readonly unknown[],
  batchSize: number,
): AsyncGenerator<Row[], void, undefined> {
  const cursor = uniqueCursorName();
  await query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${text}`, params);
  try {
    yield* fetchCursorBatches<Row>(query, cursor, batchSize);
  } finally {
    // After a failed statement the transaction is aborted and refuses CLOSE; its
    // rollback drops the cursor anyway.
    await query(`CLOSE ${cursor}`).catch(() => {});
  }
}
