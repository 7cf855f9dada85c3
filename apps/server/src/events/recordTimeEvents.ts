import type { Sql } from "../store/database/Sql.js";
import { EventWriter, type RecordOutcome } from "./EventWriter.js";

/** Where recording stands: the clock, and the first date after it that may change a status. */
export interface RecordingState {
  recordedUntil: number;
  /** The first `expiringOn` or `expiresOn` after the clock, or `undefined` when none. */
  nextBoundary: number | undefined;
}

/**
 * Where recording stands, read through the dates' indexes (two index probes), never a
 * scan: what a recorder asks between transitions.
 *
 * @param sql - the database
 */
export async function readRecordingState(sql: Sql): Promise<RecordingState> {
  const rows = await sql.query<{ recorded_until: string; next_boundary: string | null }>(
    `SELECT c.recorded_until::text,
            least((SELECT min(expiring_on) FROM schedules WHERE expiring_on > c.recorded_until),
                  (SELECT min(expires_on) FROM schedules WHERE expires_on > c.recorded_until))::text AS next_boundary
       FROM event_clock c`,
  );
  const row = rows[0]!;
  return {
    recordedUntil: Number(row.recorded_until),
    nextBoundary: row.next_boundary === null ? undefined : Number(row.next_boundary),
  };
}

/**
 * Records what time changed up to `now`, in one transaction of its own, through the event
 * writer, unless another transaction holds the clock (then that one does it). This is
 * what each server does as instants pass, and at start, when it catches up on what passed
 * while none ran.
 *
 * @param sql - the database (not a transaction)
 * @param now - the instant to record up to
 */
export function recordDueEvents(sql: Sql, now: number): Promise<RecordOutcome> {
  return EventWriter.recordTime(sql, now);
}
