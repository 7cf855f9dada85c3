/**
 * The one column of rows read in batches, as its values: what
 * `Sql.readColumnInBatches` gives where the engine has no undecoded stream.
 *
 * @param batches - batches of one-column rows
 */
export async function* readColumnFromRows(
  batches: AsyncGenerator<Record<string, unknown>[], void, undefined>,
): AsyncGenerator<string[], void, undefined> {
  for await (const rows of batches) yield rows.map((row) => String(Object.values(row)[0]));
}
