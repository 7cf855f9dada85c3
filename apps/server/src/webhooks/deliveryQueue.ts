import type { EventRow } from "../events/listEventsQuery.js";
import type { Sql } from "../store/database/Sql.js";

/** The database's clock in ms: every claim and every record reads this one clock, never a server's. */
export const databaseNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

/** One delivery a server has claimed: the endpoint, its secrets, the event. */
export interface ClaimedDelivery {
  webhookId: string;
  url: string;
  secret: string;
  /** The secret before the last rotation, while it still signs. */
  previousSecret: string | null;
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
export interface ClaimedBatch {
  deliveries: ClaimedDelivery[];
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
 * Claims up to `count` deliveries that are due, for this server alone, fairly:
 * - endpoints are taken oldest due first, each locked while it is claimed from
 *   (`FOR UPDATE SKIP LOCKED`: another server claiming at once passes over it), so the
 *   count of its attempts under way, read after the lock, is exact and never exceeds
 *   `perEndpoint`, whatever the number of servers; an endpoint at its cap waits and the
 *   slots go to others, so one slow receiver cannot hold them all;
 * - each endpoint's deliveries are taken in `sequence` order (the order their events were
 *   recorded), the first of every endpoint before the second of any;
 * - each claimed delivery is leased: due again at the lease's end if this server dies
 *   before recording the attempt, and counted against its endpoint's cap until then;
 * - a delivery with no attempt left is not attempted again: it comes back `exhausted`.
 * Everything is timed by the database's clock. The claim says when the next delivery it
 * did not take falls due after the instant its first statement chose endpoints at (a
 * retry, a lease's end), so nothing is missed that falls due between that instant and a
 * second look, not even a retry falling due while the claim ran: the endpoints were
 * chosen before it was due, so it was not taken, and it comes back as due now (0 or
 * less). What was due already and is not claimed waits for its endpoint's attempts under
 * way, whose ends wake the worker.
 *
 * @param sql - the database
 * @param limits - how many, the per-endpoint cap, the attempt count, the lease
 * @returns the claimed deliveries, in `sequence` order, and how long until the next falls
 * due (ms; `undefined` when nothing is scheduled)
 */
export function claimDeliveries(sql: Sql, limits: ClaimLimits): Promise<ClaimedBatch> {
  return sql.transaction(async (tx) => {
    // First the endpoints, locked: a second statement (a new snapshot) then counts their
    // attempts under way with every other claimer's committed, since each held these
    // locks until it committed. One statement would count from a snapshot taken before
    // the locks, and two servers could both pass an endpoint's cap. The row with no
    // endpoint (none due) still carries the instant they were chosen at.
    const locked = await tx.query<{ id: string | null; looked_at: string }>(
      `WITH clock AS (SELECT ${databaseNowMs} AS now)
       SELECT w.id, clock.now::text AS looked_at
         FROM clock LEFT JOIN LATERAL (
           SELECT w.id FROM webhooks w
            WHERE w.state <> 'disabled'
              AND EXISTS (SELECT 1 FROM webhook_deliveries d
                           WHERE d.webhook_id = w.id AND d.next_attempt_at <= clock.now)
              AND (SELECT count(*) FROM webhook_deliveries f
                    WHERE f.webhook_id = w.id AND f.leased_until > clock.now) < $2::int
            ORDER BY (SELECT min(d.next_attempt_at) FROM webhook_deliveries d
                       WHERE d.webhook_id = w.id AND d.next_attempt_at IS NOT NULL), w.id
            LIMIT $1
            FOR UPDATE OF w SKIP LOCKED
         ) w ON true`,
      [limits.count, limits.perEndpoint],
    );
    return claimFromLocked(
      tx,
      locked.flatMap((row) => (row.id === null ? [] : [row.id])),
      Number(locked[0]!.looked_at),
      limits,
    );
  });
}

/** The claim's second statement: deliveries of the endpoints locked, by fresh counts. */
async function claimFromLocked(
  sql: Sql,
  endpointIds: string[],
  lookedAt: number,
  limits: ClaimLimits,
): Promise<ClaimedBatch> {
  const rows = await sql.query<
    EventRow & {
      webhook_id: string;
      url: string;
      secret: string;
      previous_secret: string | null;
      attempt: number;
      exhausted: boolean;
      claimed_at: string;
      next_due_in: string | null;
    }
  >(
    `WITH clock AS (SELECT ${databaseNowMs} AS now),
     endpoints AS (
       SELECT w.id,
              $2::int - (SELECT count(*) FROM webhook_deliveries f
                          WHERE f.webhook_id = w.id AND f.leased_until > clock.now)::int AS room,
              (SELECT min(d.next_attempt_at) FROM webhook_deliveries d
                WHERE d.webhook_id = w.id AND d.next_attempt_at IS NOT NULL) AS oldest
         FROM webhooks w CROSS JOIN clock
        WHERE w.id = ANY ($5::text[])
     ), taken AS (
       SELECT d.webhook_id, d.event_id, d.sequence, e.oldest,
              row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.sequence) AS rank
         FROM endpoints e
         CROSS JOIN LATERAL (
           SELECT d.webhook_id, d.event_id, d.sequence FROM webhook_deliveries d, clock
            WHERE d.webhook_id = e.id AND d.next_attempt_at <= clock.now
            ORDER BY d.sequence
            LIMIT greatest(e.room, 0)
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
       RETURNING d.webhook_id, d.event_id, d.attempts, d.sequence, d.next_attempt_at IS NULL AS exhausted, clock.now
     )
     SELECT c.webhook_id, w.url, w.secret,
            CASE WHEN w.previous_secret_expires_at > clock.now THEN w.previous_secret END AS previous_secret,
            c.attempts AS attempt, c.exhausted, clock.now::text AS claimed_at,
            (SELECT min(f.next_attempt_at) FROM webhook_deliveries f
              WHERE f.next_attempt_at > $6::bigint
                AND (f.webhook_id, f.event_id) NOT IN (SELECT webhook_id, event_id FROM chosen))
              - clock.now AS next_due_in,
            e.id, e.type, e.occurred_at::text, e.cause, e.equipment_id, e.equipment_type_id, e.schedule_id,
            e.from_status, e.to_status, e.inspection_id, e.sequence::text
       FROM clock
       LEFT JOIN (claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN events e ON e.id = c.event_id) ON true
      ORDER BY c.sequence, c.webhook_id`,
    [limits.count, limits.perEndpoint, limits.attempts, limits.leaseMs, endpointIds, lookedAt],
  );
  const nextDue = rows[0]?.next_due_in;
  const deliveries = rows
    .filter((row) => row.webhook_id !== null)
    .map(
      ({
        webhook_id,
        url,
        secret,
        previous_secret,
        attempt,
        exhausted,
        claimed_at,
        next_due_in,
        ...event
      }) => ({
        webhookId: webhook_id,
        url,
        secret,
        previousSecret: previous_secret,
        attempt,
        exhausted,
        claimedAt: Number(claimed_at),
        event,
      }),
    );
  return { deliveries, nextDueInMs: nextDue == null ? undefined : Number(nextDue) };
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
     SELECT pg_notify('wsafe_deliveries', '') FROM released LIMIT 1`,
    [delivery.webhookId, delivery.event.id, delivery.attempt],
  );
}
