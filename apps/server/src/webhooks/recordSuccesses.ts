import { databaseNowMs } from "../store/database/databaseClock.js";
import type { Sql } from "../store/database/Sql.js";
import {
  type ClaimedDelivery,
  type ClaimLimits,
  type ClaimRow,
  claimedDeliveries,
  type EndpointColumns,
  noEndpointColumns,
  takeDeliveries,
} from "./deliveryQueue.js";
import type { AttemptOutcome } from "./recordAttempt.js";
import { randomId } from "./WebhookStore.js";

/** A successful attempt to record: its delivery, how it went, and whether its slot goes on. */
export interface Success {
  readonly delivery: Pick<ClaimedDelivery, "webhookId" | "attempt" | "event">;
  readonly outcome: AttemptOutcome;
  /** Hand the attempt's slot to its endpoint's next due delivery, in the same statement. */
  readonly handOff?: boolean;
}

/** What recording a batch of successes did. */
export interface RecordedSuccesses<Endpoint> {
  /** For each success, in order: `succeeded`, or `stale` (claimed again meanwhile, or its endpoint deleted). */
  readonly recorded: ("succeeded" | "stale")[];
  /** The deliveries claimed into the slots handed on, leased as a claim leases them. */
  readonly handed: ClaimedDelivery<Endpoint>[];
}

/** How the slots of successes are handed on: the claim's limits (its `count` is the batch's) and the target's columns. */
export interface HandOff<Endpoint> {
  readonly limits: Omit<ClaimLimits, "count">;
  readonly endpoint: EndpointColumns<Endpoint>;
}

// One statement for the whole batch. `endpoints` takes each endpoint's KEY SHARE lock
// (what the attempts' foreign key takes anyway) before any of its deliveries is touched,
// so a webhooks.delete (which locks the endpoint, then its deliveries) never meets this
// statement in the other order; claims lock endpoints FOR NO KEY UPDATE, which KEY SHARE
// does not block. An endpoint deleted meanwhile is left out: nothing recorded. Only an
// endpoint that is failing is written to (`cleared`): a healthy one's row is never
// locked against the claims of other servers.
// Handing on: each endpoint whose successes hand their slots on is locked as a claim locks
// it (`SKIP LOCKED`: one that a claim holds is left to that claim), its attempts under way
// counted without those recorded here, and it gets as many of its next due deliveries, in
// `sequence` order, as it has successes handing on, within its cap: the count of attempts
// under way never rises, so the cap holds without a claim of its own, and first attempts
// stay in order because the endpoint is locked.
const statement = (endpointSql: string) => `
  WITH clock AS MATERIALIZED (SELECT ${databaseNowMs} AS now),
  outcome AS (
    SELECT * FROM unnest($5::text[], $6::text[], $7::text[], $8::int[], $9::bigint[], $10::int[], $11::int[],
                         $12::boolean[])
      AS o(id, webhook_id, event_id, attempt, attempted_at, status, duration_ms, hand_off)
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
    RETURNING d.webhook_id, d.event_id, o.hand_off
  ), cleared AS (
    UPDATE webhooks w
       SET failing_since = NULL,
           state = CASE WHEN w.state = 'failing' THEN 'active' ELSE w.state END,
           state_reason = CASE WHEN w.state = 'failing' THEN NULL ELSE w.state_reason END
     WHERE w.id IN (SELECT webhook_id FROM delivered) AND (w.failing_since IS NOT NULL OR w.state = 'failing')
  ), handing AS (
    SELECT webhook_id AS id, count(*) FILTER (WHERE hand_off)::int AS n, array_agg(event_id) AS recorded
      FROM delivered GROUP BY webhook_id
  ), due AS MATERIALIZED (
    SELECT w.id, h.n, h.recorded FROM handing h JOIN webhooks w ON w.id = h.id
     WHERE h.n > 0 AND w.state <> 'disabled'
     ORDER BY w.id
     FOR NO KEY UPDATE OF w SKIP LOCKED
  ), room AS MATERIALIZED (
    SELECT e.id, 0::bigint AS oldest,
           least(e.n, $2::int - wsafe_deliveries_under_way(e.id, clock.now, e.recorded)) AS room
      FROM due e CROSS JOIN clock
  ), ${takeDeliveries(
    endpointSql,
    "(SELECT coalesce(json_agg(json_build_array(x.webhook_id, x.event_id)), '[]'::json) FROM delivered x) AS delivered",
  )}`;

/**
 * Records successful attempts, of any endpoints, in one statement (one round trip
 * however many): each attempt kept for `webhooks.deliveries`, each delivery over, and an
 * endpoint that was `failing` (or had failed since its last success) `active` again, as
 * `recordAttempt` records one success. A delivery claimed again meanwhile (this server's
 * lease ran out) is left to that claim: only its attempt is kept (`stale`). An endpoint
 * deleted meanwhile records nothing (`stale`). With `handOff`, the slot of each success
 * marked so goes to its endpoint's next due delivery in the same statement, as a claim
 * would take it: a busy endpoint's next attempt starts one round trip after the last
 * answer, not two.
 *
 * @param sql - the database
 * @param successes - the attempts, each at a delivery of its own
 * @param handOff - the claim's limits and what the target reads of each endpoint
 * @returns for each success, in the same order, `succeeded` or `stale`; the deliveries
 * claimed into the slots handed on
 */
export function recordSuccesses(
  sql: Sql,
  successes: readonly Success[],
): Promise<RecordedSuccesses<undefined>>;
export function recordSuccesses<Endpoint>(
  sql: Sql,
  successes: readonly Success[],
  handOff: HandOff<Endpoint>,
): Promise<RecordedSuccesses<Endpoint>>;
export async function recordSuccesses(
  sql: Sql,
  successes: readonly Success[],
  handOff: HandOff<unknown> = {
    limits: { perEndpoint: 0, attempts: 0, leaseMs: 0 },
    endpoint: noEndpointColumns,
  },
): Promise<RecordedSuccesses<unknown>> {
  if (successes.length === 0) return { recorded: [], handed: [] };
  const column = <T>(read: (success: Success) => T) => successes.map(read);
  const { perEndpoint, attempts, leaseMs } = handOff.limits;
  const rows = await sql.query<ClaimRow & { delivered: [string, string][] }>(
    statement(handOff.endpoint.sql),
    [
      successes.filter((success) => success.handOff).length,
      perEndpoint,
      attempts,
      leaseMs,
      column(() => randomId("att")),
      column((success) => success.delivery.webhookId),
      column((success) => success.delivery.event.id),
      column((success) => success.delivery.attempt),
      column((success) => success.outcome.attemptedAt),
      column((success) => success.outcome.status),
      column((success) => success.outcome.durationMs),
      column((success) => success.handOff === true),
    ],
  );
  const key = (webhookId: string, eventId: string) => JSON.stringify([webhookId, eventId]);
  const delivered = new Set(
    (rows[0]?.delivered ?? []).map(([webhookId, eventId]) => key(webhookId, eventId)),
  );
  return {
    recorded: successes.map((success) =>
      delivered.has(key(success.delivery.webhookId, success.delivery.event.id)) ? "succeeded" : "stale",
    ),
    handed: claimedDeliveries(rows, handOff.endpoint),
  };
}
