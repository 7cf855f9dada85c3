import type { Sql } from "../store/database/Sql.js";
import type { ClaimedDelivery } from "./deliveryQueue.js";
import type { AttemptOutcome } from "./recordAttempt.js";
import { randomId } from "./WebhookStore.js";

/** A successful attempt to record: its delivery and how it went. */
export interface Success {
  readonly delivery: Pick<ClaimedDelivery, "webhookId" | "attempt" | "event">;
  readonly outcome: AttemptOutcome;
}

// One statement for the whole batch. `endpoints` takes each endpoint's KEY SHARE lock
// (what the attempts' foreign key takes anyway) before any of its deliveries is touched,
// so a webhooks.delete (which locks the endpoint, then its deliveries) never meets this
// statement in the other order; claims lock endpoints FOR NO KEY UPDATE, which KEY SHARE
// does not block. An endpoint deleted meanwhile is left out: nothing recorded. Only an
// endpoint that is failing is written to (`cleared`): a healthy one's row is never
// locked against the claims of other servers.
const statement = `
  WITH outcome AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::int[], $7::int[])
      AS o(id, webhook_id, event_id, attempt, attempted_at, status, duration_ms)
  ), endpoints AS MATERIALIZED (
    SELECT w.id FROM webhooks w WHERE w.id IN (SELECT webhook_id FROM outcome) ORDER BY w.id FOR KEY SHARE
  ), kept AS (
    INSERT INTO webhook_attempts
      (id, webhook_id, event_id, attempt, attempted_at, status, error, duration_ms, succeeded, next_attempt_at)
    SELECT o.id, o.webhook_id, o.event_id, o.attempt, o.attempted_at, o.status, NULL, o.duration_ms, true, NULL
      FROM outcome o JOIN endpoints e ON e.id = o.webhook_id
  ), delivered AS (
    UPDATE webhook_deliveries d SET next_attempt_at = NULL, leased_until = NULL
      FROM outcome o JOIN endpoints e ON e.id = o.webhook_id
     WHERE d.webhook_id = o.webhook_id AND d.event_id = o.event_id AND d.attempts = o.attempt
    RETURNING d.webhook_id, d.event_id
  ), cleared AS (
    UPDATE webhooks w
       SET failing_since = NULL,
           state = CASE WHEN w.state = 'failing' THEN 'active' ELSE w.state END,
           state_reason = CASE WHEN w.state = 'failing' THEN NULL ELSE w.state_reason END
     WHERE w.id IN (SELECT webhook_id FROM delivered) AND (w.failing_since IS NOT NULL OR w.state = 'failing')
  )
  SELECT webhook_id, event_id FROM delivered`;

/**
 * Records successful attempts, of any endpoints, in one statement (one round trip
 * however many): each attempt kept for `webhooks.deliveries`, each delivery over, and an
 * endpoint that was `failing` (or had failed since its last success) `active` again, as
 * `recordAttempt` records one success. A delivery claimed again meanwhile (this
 * server's lease ran out) is left to that claim: only its attempt is kept (`stale`). An
 * endpoint deleted meanwhile records nothing (`stale`).
 *
 * @param sql - the database
 * @param successes - the attempts, each at a delivery of its own
 * @returns for each, in the same order, `succeeded` or `stale`
 */
export async function recordSuccesses(
  sql: Sql,
  successes: readonly Success[],
): Promise<("succeeded" | "stale")[]> {
  if (successes.length === 0) return [];
  const column = <T>(read: (success: Success) => T) => successes.map(read);
  const rows = await sql.query<{ webhook_id: string; event_id: string }>(statement, [
    column(() => randomId("att")),
    column((success) => success.delivery.webhookId),
    column((success) => success.delivery.event.id),
    column((success) => success.delivery.attempt),
    column((success) => success.outcome.attemptedAt),
    column((success) => success.outcome.status),
    column((success) => success.outcome.durationMs),
  ]);
  const key = (webhookId: string, eventId: string) => JSON.stringify([webhookId, eventId]);
  const delivered = new Set(rows.map((row) => key(row.webhook_id, row.event_id)));
  return successes.map((success) =>
    delivered.has(key(success.delivery.webhookId, success.delivery.event.id)) ? "succeeded" : "stale",
  );
}
