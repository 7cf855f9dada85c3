import type { Sql } from "../store/database/Sql.js";
import { sqlParameters } from "../store/queries/sqlParameters.js";
import { eventColumnList, sequenceSql } from "./eventRowSql.js";
import { timeTransitionsSql } from "./timeTransitionsSql.js";

/** The notification channel on which a commit that recorded events says so. */
export const eventsChannel = "wsafe_events";

/**
 * Takes the row lock of `event_clock` in the caller's transaction and answers how far
 * time events are recorded. Every statement that inserts events runs under this lock, so
 * event sequences follow commit order (see migration 0004). With `skipIfHeld`, a lock
 * that another transaction holds answers `undefined` at once: that one is recording.
 *
 * @param sql - a transaction
 * @param skipIfHeld - do not wait for another recorder
 */
export async function lockEventClock(sql: Sql, skipIfHeld: boolean): Promise<number | undefined> {
  const rows = await sql.query<{ recorded_until: string }>(
    `SELECT recorded_until::text FROM event_clock FOR UPDATE${skipIfHeld ? " SKIP LOCKED" : ""}`,
  );
  return rows[0] === undefined ? undefined : Number(rows[0].recorded_until);
}

/**
 * Records every transition that time makes in `(after, upTo]`, computed from the data as
 * it stands in the caller's transaction (which holds the clock's lock), each with its true
 * instant, and moves the clock to `upTo`. An event already recorded (same id) is left as
 * it is. Within an instant, a schedule's transition is recorded before its equipment's,
 * so sequences follow cause and effect.
 *
 * @param sql - a transaction holding the clock's lock
 * @param after - the clock as it was (excluded)
 * @param upTo - the instant to record up to (included)
 * @returns how many events were recorded
 */
export async function recordTimeEvents(sql: Sql, after: number, upTo: number): Promise<number> {
  let recorded = 0;
  if (upTo > after) {
    const { params, param } = sqlParameters();
    const transitions = timeTransitionsSql(param, param(after, "bigint"), param(upTo, "bigint"));
    // Counted where they are inserted: a catch-up may record many.
    const [row] = await sql.query<{ count: string }>(
      `WITH inserted AS (
         INSERT INTO events (${eventColumnList()}, sequence)
         SELECT ${eventColumnList("t")}, ${sequenceSql("t.occurred_at, t.equipment_id, t.kind, t.schedule_id")}
           FROM (${transitions}) t
         ON CONFLICT (id) DO NOTHING
         RETURNING 1
       )
       SELECT count(*)::text AS count FROM inserted`,
      params,
    );
    recorded = Number(row!.count);
  }
  await advanceEventClock(sql, upTo);
  if (recorded > 0) await sql.query(`SELECT pg_notify('${eventsChannel}', '')`);
  return recorded;
}

/**
 * Moves the clock forward to `to` (never back: a server whose clock runs behind another's
 * does not undo what that one recorded).
 *
 * @param sql - a transaction holding the clock's lock
 * @param to - the instant recorded up to
 */
export async function advanceEventClock(sql: Sql, to: number): Promise<void> {
  await sql.query("UPDATE event_clock SET recorded_until = $1::bigint WHERE recorded_until < $1::bigint", [
    to,
  ]);
}

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

/** What one round of recording did. */
export type RecordOutcome =
  | { state: "recorded"; events: number }
  | { state: "busy" }
  | { state: "up to date" };

/**
 * Records what time changed up to `now`, in one transaction of its own, unless another
 * recorder holds the clock (then that one does it). This is what each server does as
 * instants pass, and at start, when it catches up on what passed while none ran.
 *
 * @param sql - the database (not a transaction)
 * @param now - the instant to record up to
 */
export function recordDueEvents(sql: Sql, now: number): Promise<RecordOutcome> {
  return sql.transaction(async (tx) => {
    const recordedUntil = await lockEventClock(tx, true);
    if (recordedUntil === undefined) return { state: "busy" };
    if (recordedUntil >= now) return { state: "up to date" };
    return { state: "recorded", events: await recordTimeEvents(tx, recordedUntil, now) };
  });
}
