import { durationWords } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import type { EventLog } from "./EventLog.js";

/** What the announcement writes to. */
export interface RetentionLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Older events than this past the retention are left by the hourly prune in normal
 * running: a store holding only those is said at `info`; one holding older still
 * (`--events-retention` shortened, or a store left without a server for long) at `warn`.
 */
const normalOverhangMs = 2 * 3_600_000;

/** The earliest instant a `Date` holds (ECMA-262: 10^8 days before 1970). */
const earliestInstant = -8.64e15;

/** The instant as the log writes every instant. */
const iso = (instant: number) => new Date(instant).toISOString();

/**
 * Says, once at start and whatever the store holds, how long events are kept, and what
 * the store holds against it: none yet, the oldest recorded, or the span older than the
 * retention that the prune deletes (the next round, within the hour). History must not go
 * without a line in the log, however short the retention (one minute said nothing while
 * the history was under two hours old).
 *
 * @param sql - the store's database
 * @param events - the store's events, with the retention in force
 * @param log - the server's log
 * @param now - the instant of the start
 * @returns the level it was said at: `warn` when history far older than the retention is deleted
 * @example
 * await announceRetention(store.sql, events, app.log);
 * // info: "events are kept for 90 days (--events-retention); the oldest recorded is from 2026-11-30T08:00:00.000Z"
 */
export async function announceRetention(
  sql: Sql,
  events: EventLog,
  log: RetentionLog,
  now: number = Date.now(),
): Promise<"info" | "warn"> {
  // Each account's oldest, through its time index: events are ordered per account, so the
  // lowest sequence of the store need not be its oldest event.
  const [row] = await sql.query<{ oldest: string | null }>(
    `SELECT min(first.occurred_at)::text AS oldest
       FROM accounts a
      CROSS JOIN LATERAL (
        SELECT e.occurred_at FROM events e WHERE e.account_id = a.id ORDER BY e.occurred_at LIMIT 1
      ) first`,
  );
  const oldest = row?.oldest == null ? undefined : Number(row.oldest);
  const oldestKept = events.oldestKept(now);
  const kept = `events are kept for ${durationWords(events.retentionMs)} (--events-retention)`;
  const fields = {
    retentionMs: events.retentionMs,
    ...(oldest !== undefined && { oldestRecorded: iso(oldest) }),
    // A retention longer than the calendar (tests keep everything with the largest number)
    // has no first instant kept: a date before year -271821 cannot be written.
    ...(oldestKept >= earliestInstant && { oldestKept: iso(oldestKept) }),
  };
  if (oldest === undefined) {
    log.info(fields, `${kept}; none is recorded yet`);
    return "info";
  }
  if (oldest >= oldestKept) {
    log.info(fields, `${kept}; the oldest recorded is from ${iso(oldest)}`);
    return "info";
  }
  const level = oldest < oldestKept - normalOverhangMs ? "warn" : "info";
  log[level](
    fields,
    `${kept}: those recorded from ${iso(oldest)} to ${iso(oldestKept)} are older and are deleted within the hour`,
  );
  return level;
}
