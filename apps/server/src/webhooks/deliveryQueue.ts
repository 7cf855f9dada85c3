import type { EventRow } from "../events/listEventsQuery.js";
import type { Sql } from "../store/database/Sql.js";
import { randomId } from "./WebhookStore.js";

/** One delivery a server has claimed: the endpoint, its secrets, the event. */
export interface ClaimedDelivery {
  webhookId: string;
  url: string;
  secret: string;
  /** The secret before the last rotation, while it still signs. */
  previousSecret: string | null;
  /** Which attempt this is: 1 for the first. */
  attempt: number;
  event: EventRow;
}

/**
 * Claims up to `count` deliveries that are due, oldest first, for this server alone:
 * `FOR UPDATE SKIP LOCKED` passes over rows another server is claiming, and each claimed
 * one is moved `leaseMs` ahead, so no other server makes the attempt while this one does,
 * and it is due again if this server dies before it says how the attempt went.
 *
 * @param sql - the database
 * @param now - the instant (ms)
 * @param count - the most to claim
 * @param leaseMs - longer than any attempt takes
 */
export async function claimDueDeliveries(
  sql: Sql,
  now: number,
  count: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const rows = await sql.query<
    EventRow & {
      webhook_id: string;
      url: string;
      secret: string;
      previous_secret: string | null;
      attempt: number;
    }
  >(
    `WITH due AS (
       SELECT webhook_id, event_id FROM webhook_deliveries
        WHERE next_attempt_at <= $1::bigint
        ORDER BY next_attempt_at
        LIMIT $2
        FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d SET next_attempt_at = $1::bigint + $3::bigint, attempts = d.attempts + 1
         FROM due WHERE d.webhook_id = due.webhook_id AND d.event_id = due.event_id
       RETURNING d.webhook_id, d.event_id, d.attempts
     )
     SELECT c.webhook_id, w.url, w.secret,
            CASE WHEN w.previous_secret_expires_at > $1::bigint THEN w.previous_secret END AS previous_secret,
            c.attempts AS attempt,
            e.id, e.type, e.occurred_at::text, e.cause, e.equipment_id, e.equipment_type_id, e.schedule_id,
            e.from_status, e.to_status, e.inspection_id, e.sequence::text
       FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN events e ON e.id = c.event_id`,
    [now, count, leaseMs],
  );
  return rows.map(({ webhook_id, url, secret, previous_secret, attempt, ...event }) => ({
    webhookId: webhook_id,
    url,
    secret,
    previousSecret: previous_secret,
    attempt,
    event,
  }));
}

/** How one attempt went, as the queue records it. */
export interface AttemptOutcome {
  attemptedAt: number;
  status: number | null;
  error: string | null;
  durationMs: number;
  succeeded: boolean;
}

/**
 * Records an attempt and what follows from it, in one transaction:
 * - a success ends the delivery, and a `failing` endpoint is `active` again;
 * - `410 Gone` disables the endpoint and drops what was pending for it;
 * - another failure makes the next attempt due by the schedule, or, after the last one,
 *   gives up and marks the endpoint `failing`, saying why.
 * A delivery claimed again meanwhile (this server's lease ran out) is left to that claim:
 * only the attempt is recorded. An endpoint deleted meanwhile records nothing.
 *
 * @param sql - the database
 * @param delivery - the claimed delivery
 * @param outcome - how the attempt went
 * @param scheduleMs - the retry schedule
 * @returns when the next attempt is due, if any
 */
export function recordAttempt(
  sql: Sql,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  scheduleMs: readonly number[],
): Promise<number | null> {
  const gone = outcome.status === 410;
  const last = delivery.attempt >= scheduleMs.length;
  const finishedAt = outcome.attemptedAt + outcome.durationMs;
  const next = outcome.succeeded || gone || last ? null : finishedAt + scheduleMs[delivery.attempt]!;
  const keys = [delivery.webhookId, delivery.event.id, delivery.attempt];
  return sql.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO webhook_attempts (id, webhook_id, event_id, attempt, attempted_at, status, error, duration_ms, succeeded, next_attempt_at)
       SELECT $1, id, $3, $4, $5, $6, $7, $8, $9, $10 FROM webhooks WHERE id = $2
       RETURNING 1`,
      [
        randomId("att"),
        delivery.webhookId,
        delivery.event.id,
        delivery.attempt,
        outcome.attemptedAt,
        outcome.status,
        outcome.error,
        outcome.durationMs,
        outcome.succeeded,
        next,
      ],
    );
    if (inserted.length === 0) return null;
    const current = await tx.query(
      `UPDATE webhook_deliveries SET next_attempt_at = $4
        WHERE webhook_id = $1 AND event_id = $2 AND attempts = $3 RETURNING 1`,
      [...keys, next],
    );
    if (current.length === 0) return null;
    const what = outcome.status === null ? outcome.error : `status ${outcome.status}`;
    if (outcome.succeeded) {
      await tx.query(
        "UPDATE webhooks SET state = 'active', state_reason = NULL WHERE id = $1 AND state = 'failing'",
        [delivery.webhookId],
      );
    } else if (gone) {
      await tx.query("UPDATE webhooks SET state = 'disabled', state_reason = $2 WHERE id = $1", [
        delivery.webhookId,
        `answered 410 Gone to event ${delivery.event.id} at ${new Date(outcome.attemptedAt).toISOString()}; nothing more is delivered`,
      ]);
      await tx.query("UPDATE webhook_deliveries SET next_attempt_at = NULL WHERE webhook_id = $1", [
        delivery.webhookId,
      ]);
    } else if (last) {
      await tx.query(
        "UPDATE webhooks SET state = 'failing', state_reason = $2 WHERE id = $1 AND state <> 'disabled'",
        [
          delivery.webhookId,
          `event ${delivery.event.id}: gave up after attempt ${delivery.attempt} of ${scheduleMs.length} (${what})`,
        ],
      );
    }
    return next;
  });
}

/**
 * When the next delivery is due (ms), through the due index; `undefined` when none is.
 *
 * @param sql - the database
 */
export async function nextDueDelivery(sql: Sql): Promise<number | undefined> {
  const [row] = await sql.query<{ at: string | null }>(
    "SELECT min(next_attempt_at)::text AS at FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL",
  );
  return row?.at == null ? undefined : Number(row.at);
}
