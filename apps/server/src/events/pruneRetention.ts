import type { Sql } from "../store/database/Sql.js";

/** The database's clock, in ms since the epoch: every server of a deployment reads the same one. */
const databaseNow = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

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
    `UPDATE event_retention SET pruned_at = ${databaseNow}
      WHERE pruned_at <= ${databaseNow} - $1::bigint RETURNING 1`,
    [everyMs],
  );
  return rows.length > 0;
}

/**
 * Deletes up to `batchRows` recorded events older than `cutoff`, the lowest sequences
 * first, in one short statement of its own (their webhook deliveries go with them):
 * instants never fall as sequences rise, so the old events are a prefix of the sequence
 * index, and a batch holds no lock a recording waits on for long.
 *
 * @returns how many were deleted: fewer than `batchRows` means none older is left
 */
export async function pruneEventsBatch(sql: Sql, cutoff: number, batchRows: number): Promise<number> {
  const [row] = await sql.query<{ count: string }>(
    `WITH doomed AS (
       SELECT sequence FROM events ORDER BY sequence LIMIT $2::integer
     ), deleted AS (
       DELETE FROM events WHERE sequence IN (SELECT sequence FROM doomed) AND occurred_at < $1::bigint
       RETURNING 1
     )
     SELECT count(*)::text AS count FROM deleted`,
    [cutoff, batchRows],
  );
  return Number(row!.count);
}

/**
 * Deletes up to `batchRows` webhook attempts made before `cutoff`, the oldest first,
 * through their time index, in one statement of its own.
 *
 * @returns how many were deleted: fewer than `batchRows` means none older is left
 */
export async function pruneAttemptsBatch(sql: Sql, cutoff: number, batchRows: number): Promise<number> {
  const [row] = await sql.query<{ count: string }>(
    `WITH deleted AS (
       DELETE FROM webhook_attempts WHERE id IN (
         SELECT id FROM webhook_attempts WHERE attempted_at < $1::bigint ORDER BY attempted_at LIMIT $2::integer
       )
       RETURNING 1
     )
     SELECT count(*)::text AS count FROM deleted`,
    [cutoff, batchRows],
  );
  return Number(row!.count);
}
