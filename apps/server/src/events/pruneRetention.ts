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
  /** Rows deleted: fewer than the batch's size ends the batches of its kind. */
  deleted: number;
  /** Where the next batch starts: after this sequence, or at this instant (attempts). */
  next: number;
}

/** Where a first batch starts: before every sequence and instant. */
export const pruneFromStart = -Number.MAX_SAFE_INTEGER;

/**
 * Deletes the recorded events older than `cutoff` among the `batchRows` next sequences
 * above `after`, in one short statement of its own (their webhook deliveries go with
 * them): the walk that deletes the bulk of old events, page after page in the order they
 * were written. Each batch starts after the last one's, not at the index's start, where
 * the rows deleted before lie dead until a vacuum (read again by every batch, they made
 * ten million events take 3.7 times one DELETE's time on PostgreSQL).
 *
 * A batch that deletes fewer than `batchRows` met a kept event, but that is where the walk
 * ends, not where the old events do: instants never fall as sequences rise within an
 * account (`EventWriter`), but across accounts they may (an account's writer records at
 * its instant; the recorder then records another account's earlier time events under
 * higher sequences). {@link pruneLateEventsBatch} deletes those after the walk.
 *
 * @param after - the previous batch's `next`, or {@link pruneFromStart}
 * @returns the rows deleted, and the sequence up to which every event has been looked at
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
  const last = row?.last ?? null;
  return { deleted: Number(row?.count ?? 0), next: last === null ? after : Number(last) };
}

/**
 * Deletes up to `batchRows` recorded events older than `cutoff` with a sequence above
 * `after`, where the walk of {@link pruneEventsBatch} ended: each account's events from
 * `after` up to its first kept one. Within an account instants never fall as sequences
 * rise, so no old event of an account lies after a kept one of the same account: one
 * short range of its sequence index per account, however many kept events other accounts
 * recorded between. Each batch reads every account's range again from `after` (the rows it
 * deleted lie dead until a vacuum): what is left after the walk is the few events recorded
 * out of store-wide order around the cutoff.
 *
 * @param after - the last `next` of {@link pruneEventsBatch}
 * @returns the rows deleted, and `after` again
 */
export async function pruneLateEventsBatch(
  sql: Sql,
  cutoff: number,
  batchRows: number,
  after: number,
): Promise<PrunedBatch> {
  const [row] = await sql.query<{ count: string }>(
    `WITH doomed AS (
       SELECT late.sequence
         FROM accounts a
        CROSS JOIN LATERAL (
          SELECT coalesce((SELECT k.sequence FROM events k
                            WHERE k.account_id = a.id AND k.sequence > $3::bigint AND k.occurred_at >= $1::bigint
                            ORDER BY k.sequence LIMIT 1), ${Number.MAX_SAFE_INTEGER}) AS kept
        ) first_kept
        CROSS JOIN LATERAL (
          SELECT e.sequence FROM events e
           WHERE e.account_id = a.id AND e.sequence > $3::bigint AND e.sequence < first_kept.kept
             AND e.occurred_at < $1::bigint
           ORDER BY e.sequence LIMIT $2::integer
        ) late
        LIMIT $2::integer
     ), deleted AS (
       DELETE FROM events WHERE sequence IN (SELECT sequence FROM doomed) RETURNING 1
     )
     SELECT count(*)::text AS count FROM deleted`,
    [cutoff, batchRows, after],
  );
  return { deleted: Number(row?.count ?? 0), next: after };
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
  const last = row?.last ?? null;
  return { deleted: Number(row?.count ?? 0), next: last === null ? from : Number(last) };
}

/**
 * How much longer than the events a retired equipment's row is kept. `equipments.changes`
 * refuses a cursor whose oldest needed change is older than the retention, by the clock of
 * the server it asks; the row is pruned by another server's clock, and a day covers any
 * two servers' disagreement, so no cursor it accepts has lost a retirement.
 */
export const retiredKeptBeyondRetentionMs = 86_400_000;

/**
 * Deletes up to `batchRows` rows of `retired_equipments` retired before `cutoff`, in one
 * statement of its own: the feed's removals (`equipments.changes`) go once no cursor the
 * feed accepts can still need them. The table holds the retirements of one retention, so
 * the oldest are found without an index of their own.
 *
 * @param cutoff - retired before this instant: already less {@link retiredKeptBeyondRetentionMs}
 */
export async function pruneRetiredBatch(sql: Sql, cutoff: number, batchRows: number): Promise<PrunedBatch> {
  const [row] = await sql.query<{ count: string }>(
    `WITH deleted AS (
       DELETE FROM retired_equipments WHERE id IN (
         SELECT id FROM retired_equipments WHERE retired_at < $1::bigint LIMIT $2::integer
       )
       RETURNING 1
     )
     SELECT count(*)::text AS count FROM deleted`,
    [cutoff, batchRows],
  );
  return { deleted: Number(row?.count ?? 0), next: pruneFromStart };
}
