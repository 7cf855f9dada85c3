import { durationWords } from "@wsafe/schema";
import { databaseNowMs } from "../store/database/databaseClock.js";
import type { Sql } from "../store/database/Sql.js";
import type { ClaimedDelivery } from "./deliveryQueue.js";
import { randomId } from "./WebhookStore.js";

/** How one attempt went, as the queue records it. */
export interface AttemptOutcome {
  /** When it began, by the database's clock (the claim's instant). */
  attemptedAt: number;
  status: number | null;
  error: string | null;
  durationMs: number;
  succeeded: boolean;
}

/** What recording an attempt decided. */
export interface RecordedAttempt {
  /**
   * `succeeded`; `failed` (tried again at `nextAttemptAt`); `gave_up` (the last attempt
   * failed: the endpoint is failing); `disabled` (it answered 410, or failed without a
   * success for `disableAfterMs`); `stale` (nothing decided: the endpoint was deleted, or
   * the delivery claimed again after this server's lease ran out).
   */
  outcome: "succeeded" | "failed" | "gave_up" | "disabled" | "stale";
  nextAttemptAt: number | null;
  /** The endpoint's `state_reason` when this attempt changed it. */
  stateReason?: string;
}

/** The rules an attempt is recorded by: the server's retry schedule and how long an endpoint may fail. */
export interface AttemptRules {
  scheduleMs: readonly number[];
  /** An endpoint whose attempts all failed for this long is disabled. */
  disableAfterMs: number;
}

const enableAgain = "webhooks.redeliver enables it again";

/**
 * What an attempt's outcome decides for its delivery and its endpoint, before anything is
 * written: when the next attempt is due, and whether the endpoint gives up or is disabled.
 *
 * @param delivery - the claimed delivery
 * @param outcome - how the attempt went
 * @param rules - the retry schedule and the disabling delay
 * @param endpoint - its state now, and since when it has been failing (ms), if it is
 */
export function decideAttempt(
  delivery: Pick<ClaimedDelivery, "attempt" | "event">,
  outcome: AttemptOutcome,
  rules: AttemptRules,
  endpoint: { state: string; failingSince: number | null },
): RecordedAttempt {
  if (outcome.succeeded) return { outcome: "succeeded", nextAttemptAt: null };
  const eventId = delivery.event.id;
  const finishedAt = outcome.attemptedAt + outcome.durationMs;
  // Disabled while this attempt was under way: recorded, and nothing follows.
  if (endpoint.state === "disabled") return { outcome: "failed", nextAttemptAt: null };
  if (outcome.status === 410) {
    const at = new Date(outcome.attemptedAt).toISOString();
    return {
      outcome: "disabled",
      nextAttemptAt: null,
      stateReason: `answered 410 Gone to event ${eventId} at ${at}; nothing more is delivered: ${enableAgain}`,
    };
  }
  const what = outcome.status === null ? outcome.error : `status ${outcome.status}`;
  const failingSince = endpoint.failingSince ?? outcome.attemptedAt;
  if (finishedAt - failingSince >= rules.disableAfterMs) {
    const since = new Date(failingSince).toISOString();
    return {
      outcome: "disabled",
      nextAttemptAt: null,
      stateReason: `no delivery succeeded since ${since} (${durationWords(rules.disableAfterMs)} or more; the last: event ${eventId}, ${what}); nothing more is delivered: ${enableAgain}`,
    };
  }
  if (delivery.attempt >= rules.scheduleMs.length) {
    return {
      outcome: "gave_up",
      nextAttemptAt: null,
      stateReason: `event ${eventId}: gave up after attempt ${delivery.attempt} of ${rules.scheduleMs.length} (${what})`,
    };
  }
  return { outcome: "failed", nextAttemptAt: finishedAt + rules.scheduleMs[delivery.attempt]! };
}

/**
 * Records an attempt and what follows from it (see {@link decideAttempt}), in one
 * transaction that first locks the endpoint, the order a claim locks in, so the two never
 * deadlock:
 * - a success ends the delivery, and a `failing` endpoint is `active` again;
 * - `410 Gone` disables the endpoint and drops what was pending for it;
 * - another failure makes the next attempt due by the schedule, or, after the last one,
 *   gives up and marks the endpoint `failing`, saying why; an endpoint that has had no
 *   success for `disableAfterMs` (counted from the first failure after its last success)
 *   is disabled instead, its pending deliveries dropped.
 * A delivery claimed again meanwhile (this server's lease ran out) is left to that claim:
 * only the attempt is recorded. An endpoint deleted meanwhile records nothing.
 *
 * @param sql - the database
 * @param delivery - the claimed delivery
 * @param outcome - how the attempt went
 * @param rules - the retry schedule and the disabling delay
 */
export function recordAttempt(
  sql: Sql,
  delivery: Pick<ClaimedDelivery, "webhookId" | "attempt" | "event">,
  outcome: AttemptOutcome,
  rules: AttemptRules,
): Promise<RecordedAttempt> {
  const eventId = delivery.event.id;
  return sql.transaction(async (tx) => {
    const [endpoint] = await tx.query<{ state: string; failing_since: string | null }>(
      "SELECT state, failing_since::text FROM webhooks WHERE id = $1 FOR UPDATE",
      [delivery.webhookId],
    );
    if (!endpoint) return { outcome: "stale", nextAttemptAt: null };
    const failingSince =
      endpoint.failing_since === null ? outcome.attemptedAt : Number(endpoint.failing_since);
    const decided = decideAttempt(delivery, outcome, rules, {
      state: endpoint.state,
      failingSince: endpoint.failing_since === null ? null : failingSince,
    });
    await tx.query(
      `INSERT INTO webhook_attempts (id, webhook_id, event_id, attempt, attempted_at, status, error, duration_ms, succeeded, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        randomId("att"),
        delivery.webhookId,
        eventId,
        delivery.attempt,
        outcome.attemptedAt,
        outcome.status,
        outcome.error,
        outcome.durationMs,
        outcome.succeeded,
        decided.nextAttemptAt,
      ],
    );
    const current = await tx.query(
      `UPDATE webhook_deliveries SET next_attempt_at = $4, leased_until = NULL
        WHERE webhook_id = $1 AND event_id = $2 AND attempts = $3 RETURNING 1`,
      [delivery.webhookId, eventId, delivery.attempt, decided.nextAttemptAt],
    );
    if (current.length === 0) return { outcome: "stale", nextAttemptAt: null };
    if (decided.outcome === "succeeded") {
      await tx.query(
        `UPDATE webhooks SET failing_since = NULL,
                state = CASE WHEN state = 'failing' THEN 'active' ELSE state END,
                state_reason = CASE WHEN state = 'failing' THEN NULL ELSE state_reason END
          WHERE id = $1`,
        [delivery.webhookId],
      );
    } else if (decided.outcome === "disabled") {
      await tx.query(
        "UPDATE webhooks SET state = 'disabled', state_reason = $2, failing_since = $3 WHERE id = $1",
        [delivery.webhookId, decided.stateReason, failingSince],
      );
      // An attempt under way elsewhere records itself, and is dropped then (see decideAttempt).
      await tx.query(
        `UPDATE webhook_deliveries SET next_attempt_at = NULL, leased_until = NULL
          WHERE webhook_id = $1 AND next_attempt_at IS NOT NULL
            AND (leased_until IS NULL OR leased_until <= ${databaseNowMs})`,
        [delivery.webhookId],
      );
    } else {
      await tx.query(
        `UPDATE webhooks SET failing_since = $2,
                state = CASE WHEN $3::text IS NULL THEN state ELSE 'failing' END,
                state_reason = coalesce($3::text, state_reason)
          WHERE id = $1 AND state <> 'disabled'`,
        [delivery.webhookId, failingSince, decided.outcome === "gave_up" ? decided.stateReason : null],
      );
    }
    return decided;
  });
}
