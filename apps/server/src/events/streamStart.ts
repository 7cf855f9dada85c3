import type { Sql } from "../store/database/Sql.js";

/**
 * The sequence of one of the account's recorded events, found by its id (a stream that
 * resumes after it); `undefined` when the account recorded none such, or it was pruned.
 *
 * @param sql - the store's database
 * @param accountId - whose event
 * @param id - the event's id, as the client got it
 */
export async function sequenceOfEvent(sql: Sql, accountId: string, id: string): Promise<number | undefined> {
  const [row] = await sql.query<{ sequence: string }>(
    "SELECT sequence::text FROM events WHERE id = $1 AND account_id = $2",
    [id, accountId],
  );
  return row === undefined ? undefined : Number(row.sequence);
}

/** The lowest sequence of the account's first instant at `$2` or later (`$1` the account). */
export const firstSequenceAtOrAfterSql = `SELECT min(sequence)::text AS first FROM events
  WHERE account_id = $1
    AND occurred_at = (SELECT min(occurred_at) FROM events WHERE account_id = $1 AND occurred_at >= $2::bigint)`;

/**
 * The sequence just before the account's first event at `from` or later (a stream that
 * replays from that instant goes on after it); `undefined` when the account recorded
 * none since. Found through the account's time index, `(account_id, occurred_at, id)`:
 * its first instant at `from` or later, then the lowest sequence at that instant (within an
 * account instants never fall as sequences rise, see `EventWriter`; across accounts they
 * may), two probes whatever other tenants recorded.
 *
 * @param sql - the store's database
 * @param accountId - whose events
 * @param from - the instant (ms since the epoch)
 */
export async function sequenceBeforeInstant(
  sql: Sql,
  accountId: string,
  from: number,
): Promise<number | undefined> {
  const [row] = await sql.query<{ first: string | null }>(firstSequenceAtOrAfterSql, [accountId, from]);
  return row?.first == null ? undefined : Number(row.first) - 1;
}
