import { durationWords } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import type { EventLog } from "./EventLog.js";

/** What the announcement writes to. */
export interface RetentionLog {
  warn(fields: object, message: string): void;
}

/**
 * Older events than this past the retention are left by the hourly prune in normal
 * running; only events older still say the retention was shortened (or that no server
 * ran for a long time), so a plain restart stays quiet.
 */
const normalOverhangMs = 2 * 3_600_000;

/**
 * Says, once at start, when the store holds recorded events far older than the retention
 * (`--events-retention` shortened, or a store left without a server for long): the
 * prune that follows deletes them, and history must not go without a line in the log.
 *
 * @param sql - the store's database
 * @param events - the store's events, with the retention in force
 * @param log - the server's log
 * @param now - the instant of the start
 * @returns whether it warned
 */
export async function announceRetention(
  sql: Sql,
  events: EventLog,
  log: RetentionLog,
  now: number = Date.now(),
): Promise<boolean> {
  // Instants never fall as sequences rise: the first sequence is the oldest event.
  const rows = await sql.query<{ occurred_at: string }>(
    "SELECT occurred_at FROM events ORDER BY sequence LIMIT 1",
  );
  const oldest = rows[0] === undefined ? undefined : Number(rows[0].occurred_at);
  const oldestKept = events.oldestKept(now);
  if (oldest === undefined || oldest >= oldestKept - normalOverhangMs) return false;
  const retention = durationWords(events.retentionMs);
  log.warn(
    {
      retentionMs: events.retentionMs,
      oldestRecorded: new Date(oldest).toISOString(),
      oldestKept: new Date(oldestKept).toISOString(),
    },
    `events are kept for ${retention} (--events-retention): those recorded from ${new Date(oldest).toISOString()} to ${new Date(oldestKept).toISOString()} are older and are deleted now`,
  );
  return true;
}
