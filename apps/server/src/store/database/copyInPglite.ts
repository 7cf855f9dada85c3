import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * `Sql.copyIn` on the embedded database: PGlite reads `COPY ... FROM '/dev/blob'` from
 * the blob given with the query, in the same text format as PostgreSQL's `STDIN`.
 *
 * @param db - the database or one of its transactions
 * @param table - trusted SQL identifier
 * @param columns - trusted SQL identifiers
 * @param data - rows in COPY text format
 */
export async function copyInPglite(
  db: PGlite | Transaction,
  table: string,
  columns: readonly string[],
  data: string,
): Promise<number> {
  const result = await db.query(`COPY ${table} (${columns.join(", ")}) FROM '/dev/blob'`, [], {
    blob: new Blob([data]),
  });
  return result.affectedRows ?? 0;
}
