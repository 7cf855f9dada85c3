import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/**
 * `Sql.copyIn` on one `pg` connection: `COPY table (columns) FROM STDIN` fed with the
 * given text. A row PostgreSQL refuses fails the COPY, and with it the transaction.
 *
 * @param client - a connected client (a transaction's, or one checked out for this)
 * @param table - trusted SQL identifier
 * @param columns - trusted SQL identifiers
 * @param data - rows in COPY text format
 */
export async function copyInPostgres(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  data: string,
): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
  stream.end(data);
  // `finish` comes once PostgreSQL has confirmed the COPY and is ready again.
  await finished(stream);
  return stream.rowCount;
}
