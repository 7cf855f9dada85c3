import { databaseNowMs } from "../store/database/databaseClock.js";
import type { Sql } from "../store/database/Sql.js";

/**
 * Takes this round of pruning for the caller's process, or answers that another process
 * took it: the one whose update moves `event_retention.pruned_at` (migration 0006) prunes,
 * the others find it moved less than `everyMs` ago, by the database's clock.
 *
 * @param sql - the store's database
 * @param everyMs - how often a deployment prunes
 * @returns whether this process prunes now
 */
export async function claimPruning(sql: Sql, everyMs: number): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE event_retention SET pruned_at = ${databaseNowMs}
      WHERE pruned_at <= ${databaseNowMs} - $1::bigint RETURNING 1`,
    [everyMs],
  );
  return rows.length > 0;
}

/** What one batch of pruning did, and where the next one goes on. */
export interface PrunedBatch {
  /** Rows deleted: fewer than the batch's size means none older is left. */
  deleted: number;
  /** Where the next batch starts: after this sequence, or at this instant (attempts). */
  next: number;
}

/** Where a first batch starts: before every sequence and instant. */
export const pruneFromStart = -Number.MAX_SAFE_INTEGER;

/**
 * Deletes up to `batchRows` recorded events older than `cutoff` whose sequence is above
 * `after`, the lowest first, in one short statement of its own (their webhook deliveries
 * go with them). Instants never fall as sequences rise, so the old events are a prefix of
 * the sequence index; each batch starts after the last one's, not at the index's start,
 * where the rows deleted before lie dead until a vacuum (read again by every batch, they
 * made ten million events take 3.7 times one DELETE's time on PostgreSQL).
 *
 * @param after - the previous batch's `next`, or {@link pruneFromStart}
 */
export async function pruneEventsBatch(
  sql: Sql,
  cutoff: number,
  batchRows: number,
  after: number,
): Promise<PrunedBatch> {
  const [row] = await sql.query<{ count: string; last: string | null }>(
    `WITH doomed AS (
       SELECT sequence FROM events WHERE sequence > $3::bigint ORDER BY sequence LIMIT $2::integer
     ), deleted AS (
       DELETE FROM events WHERE sequence IN (SELECT sequence FROM doomed) AND occurred_at < $1::bigint
       RETURNING sequence
     )
     SELECT count(*)::text AS count, max(sequence)::text AS last FROM deleted`,
    [cutoff, batchRows, after],
  );
  return { deleted: Number(row!.count), next: row!.last === null ? after : Number(row!.last) };
}

/**
 * Deletes up to `batchRows` webhook attempts made before `cutoff`, at `from` or later,
 * the oldest first, through their time index, in one statement of its own.
 *
 * @param from - the previous batch's `next` (its last instant), or {@link pruneFromStart}
 */
export async function pruneAttemptsBatch(
  sql: Sql,
  cutoff: number,
  batchRows: number,
  from: number,
): Promise<PrunedBatch> {
  const [row] = await sql.query<{ count: string; last: string | null }>(
    `WITH deleted AS (
       DELETE FROM webhook_attempts WHERE id IN (
         SELECT id FROM webhook_attempts
          WHERE attempted_at >= $3::bigint AND attempted_at < $1::bigint
          ORDER BY attempted_at LIMIT $2::integer
       )
       RETURNING attempted_at
     )
     SELECT count(*)::text AS count, max(attempted_at)::text AS last FROM deleted`,
    [cutoff, batchRows, from],
  );
  return { deleted: Number(row!.count), next: row!.last === null ? from : Number(row!.last) };
}
