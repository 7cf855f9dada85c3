import { type EventRow, eventRowSelect } from "../events/eventRowSql.js";
import { databaseNowMs } from "../store/database/databaseClock.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";

/**
 * What a target reads of its endpoints with each claim, so that a claim needs no second
 * look-up: one SQL expression over the endpoint's row (`w`, a row of `webhooks`) and the
 * claim's instant (`clock.now`, ms), giving a JSON object, and how to read it back.
 */
export interface EndpointColumns<Endpoint> {
  /** A `json_build_object(...)` over `w` and `clock.now`. */
  readonly sql: string;
  /** Narrows what the expression gave (parsed JSON). */
  read(value: unknown): Endpoint;
}

/** Reads nothing of the endpoint: a claim for a caller that only needs the queue's own fields. */
export const noEndpointColumns: EndpointColumns<undefined> = { sql: "NULL::json", read: () => undefined };

/** One delivery a server has claimed: the endpoint, what its target reads of it, the event. */
export interface ClaimedDelivery<Endpoint = unknown> {
  webhookId: string;
  /** What the target reads of the endpoint (see {@link EndpointColumns}). */
  endpoint: Endpoint;
  /** Which attempt this is: 1 for the first. */
  attempt: number;
  /**
   * The delivery had no attempt left when it came due again (the server that made its last
   * attempt stopped before recording it, or the retry schedule was shortened): it gives up
   * without sending.
   */
  exhausted: boolean;
  /** When it was claimed, by the database's clock (ms): the attempt's `attempted_at`. */
  claimedAt: number;
  event: EventRow;
}

/** What one claim took, and when to look again. */
export interface ClaimedBatch<Endpoint = unknown> {
  deliveries: ClaimedDelivery<Endpoint>[];
  /**
   * It took nothing although something was due: every due delivery waits for its
   * endpoint's attempts under way to end (or for another server's claim).
   */
  blocked: boolean;
  /** How long after the claim the next delivery falls due (ms); `undefined` when nothing is scheduled. */
  nextDueInMs: number | undefined;
}

/** How a claim takes deliveries. */
export interface ClaimLimits {
  /** The most deliveries to take: the worker's free slots. */
  count: number;
  /** The most attempts under way at once per endpoint, across every server. */
  perEndpoint: number;
  /** Attempts a delivery may have: the retry schedule's length. */
  attempts: number;
  /** How long a claim holds a delivery: longer than any attempt takes. */
  leaseMs: number;
}

/**
 * A row of a {@link takeDeliveries} statement: a claimed delivery, or none (`webhook_id`
 * null); the event's columns as `eventRowSelect` selects them, beside the claim's own and
 * the `extra` columns of the statements of this folder, which are the batch's, not the event's.
 */
export type ClaimRow = EventRow & {
  webhook_id: string | null;
  endpoint: unknown;
  attempt: number;
  exhausted: boolean;
  claimed_at: string;
  /** {@link claimDeliveries}'s extra: when the next delivery falls due. */
  next_due_in?: string | null;
  /** {@link claimDeliveries}'s extra: whether anything was due. */
  due_seen?: boolean;
  /** `recordSuccesses`'s extra: the deliveries it recorded. */
  delivered?: [string, string][];
};

/**
 * The end of a statement that claims, once it has locked endpoints and knows each one's
 * room (a CTE `room(id, oldest, room)`, beside `clock(now)`): `taken` reads each endpoint's
 * due deliveries in `sequence` order up to its room, `chosen` takes the first of every
 * endpoint before the second of any, up to `$1`; `claimed` leases them (`$3`: attempts a
 * delivery may have, `$4`: the lease), and the rows come back with the endpoint's columns
 * and the event, one row with only `extra` when nothing was claimed.
 *
 * @param endpointSql - what the target reads of the endpoint ({@link EndpointColumns})
 * @param extra - more columns of the statement's own, computed once
 */
export function takeDeliveries(endpointSql: string, extra: string): string {
  return `taken AS (
    SELECT d.webhook_id, d.event_id, r.oldest,
           row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.sequence) AS rank
      FROM room r CROSS JOIN LATERAL (
        SELECT d.webhook_id, d.event_id, d.sequence FROM webhook_deliveries d, clock
         WHERE d.webhook_id = r.id AND d.next_attempt_at <= clock.now
         ORDER BY d.sequence
         LIMIT greatest(r.room, 0)
         FOR UPDATE OF d SKIP LOCKED
      ) d
  ), chosen AS (
    SELECT webhook_id, event_id FROM taken ORDER BY rank, oldest, webhook_id LIMIT $1
  ), claimed AS (
    UPDATE webhook_deliveries d
       SET attempts = CASE WHEN d.attempts < $3::int THEN d.attempts + 1 ELSE d.attempts END,
           next_attempt_at = CASE WHEN d.attempts < $3::int THEN clock.now + $4::bigint END,
           leased_until = CASE WHEN d.attempts < $3::int THEN clock.now + $4::bigint END
      FROM chosen c, clock
     WHERE d.webhook_id = c.webhook_id AND d.event_id = c.event_id
    RETURNING d.webhook_id, d.event_id, d.attempts, d.sequence, d.next_attempt_at IS NULL AS exhausted
  )
  SELECT c.webhook_id, ${endpointSql} AS endpoint,
         c.attempts AS attempt, c.exhausted, clock.now::text AS claimed_at, ${extra},
         ${eventRowSelect("e")}
    FROM clock
    LEFT JOIN (claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN events e ON e.id = c.event_id) ON true
   ORDER BY c.sequence, c.webhook_id`;
}

/**
 * The deliveries in the rows of a {@link takeDeliveries} statement, with what the target
 * reads of their endpoints.
 *
 * @param rows - the statement's rows (the columns of `extra` are left alone)
 * @param endpoint - how the target reads its columns
 */
export function claimedDeliveries<Endpoint>(
  rows: readonly ClaimRow[],
  endpoint: EndpointColumns<Endpoint>,
): ClaimedDelivery<Endpoint>[] {
  const deliveries: ClaimedDelivery<Endpoint>[] = [];
  for (const row of rows) {
    // What is left once the claim's and the batch's own columns are taken is the event,
    // whatever columns `eventRowSelect` gives it: they are named there alone.
    const { webhook_id, endpoint: value, attempt, exhausted, claimed_at, ...selected } = row;
    if (webhook_id === null) continue;
    const { next_due_in: _nextDueIn, due_seen: _dueSeen, delivered: _delivered, ...event } = selected;
    deliveries.push({
      webhookId: webhook_id,
      endpoint: endpoint.read(value),
      attempt,
      exhausted,
      claimedAt: Number(claimed_at),
      event,
    });
  }
  return deliveries;
}

// One statement, one round trip, however many it takes:
// - `pending` walks webhook_deliveries_endpoint_due_idx one endpoint a step (each step the
//   first entry after the last endpoint: its earliest pending instant), so a claim costs
//   the endpoints that have something pending, never the others, nor an endpoint's backlog;
// - `due` locks the endpoints with something due, oldest due first, passing over those
//   another claimer holds and those its snapshot already sees at their cap;
// - `room` counts each locked endpoint's attempts under way through
//   wsafe_deliveries_under_way (migration 0012), whose fresh snapshot sees every claim
//   committed before the lock was granted: the cap holds however many servers claim;
// - then `takeDeliveries`.
const claimStatement = (endpointSql: string) => `
  WITH RECURSIVE clock AS MATERIALIZED (SELECT ${databaseNowMs} AS now),
  pending AS (
    (SELECT d.webhook_id, d.next_attempt_at FROM webhook_deliveries d
      WHERE d.next_attempt_at IS NOT NULL ORDER BY d.webhook_id, d.next_attempt_at LIMIT 1)
    UNION ALL
    SELECT n.webhook_id, n.next_attempt_at FROM pending p CROSS JOIN LATERAL (
      SELECT d.webhook_id, d.next_attempt_at FROM webhook_deliveries d
       WHERE d.next_attempt_at IS NOT NULL AND d.webhook_id > p.webhook_id
       ORDER BY d.webhook_id, d.next_attempt_at LIMIT 1
    ) n
  ), due AS MATERIALIZED (
    SELECT w.id, p.oldest
      FROM (SELECT p.webhook_id, p.next_attempt_at AS oldest FROM pending p CROSS JOIN clock
             WHERE p.next_attempt_at <= clock.now ORDER BY p.next_attempt_at, p.webhook_id) p
      JOIN webhooks w ON w.id = p.webhook_id CROSS JOIN clock
     WHERE w.state <> 'disabled'
       AND (SELECT count(*) FROM webhook_deliveries f
             WHERE f.webhook_id = w.id AND f.leased_until > clock.now) < $2::int
     ORDER BY p.oldest, w.id
     LIMIT $1
     FOR NO KEY UPDATE OF w SKIP LOCKED
  ), room AS MATERIALIZED (
    SELECT e.id, e.oldest, $2::int - wsafe_deliveries_under_way(e.id, clock.now) AS room
      FROM due e CROSS JOIN clock
  ), ${takeDeliveries(
    endpointSql,
    `(SELECT min(f.next_attempt_at) FROM webhook_deliveries f WHERE f.next_attempt_at > clock.now)
       - clock.now AS next_due_in,
     EXISTS (SELECT 1 FROM pending p WHERE p.next_attempt_at <= clock.now) AS due_seen`,
  )}`;

/**
 * Claims up to `count` deliveries that are due, for this server alone, fairly, in one
 * statement:
 * - endpoints are taken oldest due first, each locked while it is claimed from
 *   (`SKIP LOCKED`: another server claiming at once passes over it), so the count of its
 *   attempts under way, read after the lock, is exact and never exceeds `perEndpoint`,
 *   whatever the number of servers; an endpoint at its cap waits and the slots go to
 *   others, so one slow receiver cannot hold them all;
 * - each endpoint's deliveries are taken in `sequence` order (the order their events were
 *   recorded), several at once up to its room, the first of every endpoint before the
 *   second of any;
 * - each claimed delivery is leased: due again at the lease's end if this server dies
 *   before recording the attempt, and counted against its endpoint's cap until then;
 * - a delivery with no attempt left is not attempted again: it comes back `exhausted`.
 * Everything is timed by the database's clock, read once: the claim says when the next
 * delivery it did not take falls due after that instant (a retry, a lease's end), so a
 * retry falling due while the claim ran comes back as due in at most the time it took.
 * What was due already and is not claimed waits for its endpoint's attempts under way,
 * whose ends wake the worker that made them.
 *
 * @param sql - the database
 * @param limits - how many, the per-endpoint cap, the attempt count, the lease
 * @param endpoint - what the target reads of each endpoint (nothing when left out)
 * @returns the claimed deliveries, in `sequence` order, and how long until the next falls
 * due (ms; `undefined` when nothing is scheduled)
 */
export function claimDeliveries(sql: Sql, limits: ClaimLimits): Promise<ClaimedBatch<undefined>>;
export function claimDeliveries<Endpoint>(
  sql: Sql,
  limits: ClaimLimits,
  endpoint: EndpointColumns<Endpoint>,
): Promise<ClaimedBatch<Endpoint>>;
export async function claimDeliveries(
  sql: Sql,
  limits: ClaimLimits,
  endpoint: EndpointColumns<unknown> = noEndpointColumns,
): Promise<ClaimedBatch> {
  const rows = await sql.query<ClaimRow & { next_due_in: string | null; due_seen: boolean }>(
    claimStatement(endpoint.sql),
    [limits.count, limits.perEndpoint, limits.attempts, limits.leaseMs],
  );
  const deliveries = claimedDeliveries(rows, endpoint);
  const nextDue = rows[0]?.next_due_in;
  return {
    deliveries,
    blocked: deliveries.length === 0 && rows[0]?.due_seen === true,
    nextDueInMs: nextDue == null ? undefined : Number(nextDue),
  };
}

/**
 * Hands a claimed delivery back unattempted (its attempt was cut short by a stop): the
 * attempt does not count, it is due at once, and other servers are told, so one of them
 * makes it now with the same `webhook-id`.
 *
 * @param sql - the database
 * @param delivery - the claimed delivery
 */
export async function releaseDelivery(sql: Sql, delivery: ClaimedDelivery): Promise<void> {
  await sql.query(
    `WITH released AS (
       UPDATE webhook_deliveries SET attempts = attempts - 1, next_attempt_at = ${databaseNowMs}, leased_until = NULL
        WHERE webhook_id = $1 AND event_id = $2 AND attempts = $3 AND leased_until IS NOT NULL
       RETURNING 1
     )
     SELECT pg_notify('${notificationChannels.deliveries.name}', '') FROM released LIMIT 1`,
    [delivery.webhookId, delivery.event.id, delivery.attempt],
  );
}
