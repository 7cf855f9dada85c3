import type { Sql } from "./Sql.js";

/** Thrown inside the probe's transaction so that it rolls back; never leaves {@link probeWrite}. */
const rollBack = new Error("the write probe rolls back");

/**
 * Writes one row where a full disk refuses it, and keeps nothing: a temporary table made
 * in a transaction, a row inserted (which extends the table's file on disk by a page, as
 * a write request's rows do), then the transaction rolled back. On a full disk it fails as
 * such a write fails (`could not extend file ...: No space left on device`, SQLSTATE 53100);
 * on a database that is gone, as a connection does. Nothing outlives it, and it needs no
 * table of its own, so it works through PgBouncer in transaction mode and on any schema.
 *
 * @param sql - the store's statements
 * @throws what the write threw
 * @example
 * await probeWrite(store.sql); // resolves once the store can write again
 */
export async function probeWrite(sql: Sql): Promise<void> {
  try {
    await sql.transaction(async (tx) => {
      await tx.exec("CREATE TEMPORARY TABLE wsafe_write_probe (written text) ON COMMIT DROP");
      await tx.query("INSERT INTO wsafe_write_probe VALUES ('probe')");
      throw rollBack;
    });
  } catch (error) {
    if (error !== rollBack) throw error;
  }
}
