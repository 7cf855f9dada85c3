/**
 * The database's clock in milliseconds since the epoch, as SQL: every server of a
 * deployment reads one clock, where each process's own could be seconds apart. It is
 * `clock_timestamp()`, not `now()`, because `now()` stands still at the transaction's
 * start, and a lease or a retry taken late in a long transaction would be dated early.
 *
 * @example
 * await sql.query(`UPDATE webhook_deliveries SET next_attempt_at = ${databaseNowMs} WHERE ...`);
 */
export const databaseNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
