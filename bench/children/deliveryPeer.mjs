// Workload 13's peer: the least a server can do to deliver the same rows. One process,
// `pg` on the same database, one endpoint: claims its due deliveries in `sequence` order
// with one statement (`FOR UPDATE SKIP LOCKED`, leased as wsafe leases them), at most
// `perEndpoint` under way; builds each body as wsafe does (the event record, compact
// JSON), signs it with the `standardwebhooks` package, POSTs it on a fresh connection, and
// records the answers that arrived together in one statement (the attempt kept, the
// delivery over). No SSRF checks, no retries: every answer must be a 2xx. Answers
// `{ type: "queries" }` with its round trips to PostgreSQL since it started.
import { request } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { countPgQueries } from "../lib/countPgQueries.mjs";
import { childOptions, reportReady } from "./childIpc.mjs";

const { database, perEndpoint, leaseMs } = childOptions();
const queries = countPgQueries(join(dirname(fileURLToPath(import.meta.url)), ".."));
const pool = new pg.Pool({ connectionString: database, max: 4 });
const [endpoint] = (await pool.query("SELECT id FROM webhooks")).rows;
const now = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

const claimSql = `
  WITH clock AS MATERIALIZED (SELECT ${now} AS now),
  chosen AS (
    SELECT d.event_id FROM webhook_deliveries d, clock
     WHERE d.webhook_id = $1 AND d.next_attempt_at <= clock.now
     ORDER BY d.sequence LIMIT $2 FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE webhook_deliveries d
       SET attempts = d.attempts + 1, next_attempt_at = clock.now + $3::bigint, leased_until = clock.now + $3::bigint
      FROM chosen c, clock WHERE d.webhook_id = $1 AND d.event_id = c.event_id
    RETURNING d.event_id, d.attempts
  )
  SELECT c.attempts, clock.now::text AS claimed_at, w.url, w.secret, e.id, e.type, e.occurred_at::text, e.cause,
         e.equipment_id, e.equipment_type_id, e.schedule_id, e.from_status, e.to_status, e.inspection_id, e.sequence::text
    FROM claimed c JOIN events e ON e.id = c.event_id JOIN webhooks w ON w.id = $1 CROSS JOIN clock
   ORDER BY e.sequence`;

const recordSql = `
  WITH o AS (
    SELECT * FROM unnest($2::text[], $3::text[], $4::int[], $5::bigint[], $6::int[], $7::int[])
      AS o(id, event_id, attempt, attempted_at, status, duration_ms)
  ), kept AS (
    INSERT INTO webhook_attempts (id, webhook_id, event_id, attempt, attempted_at, status, error, duration_ms, succeeded, next_attempt_at)
    SELECT o.id, $1, o.event_id, o.attempt, o.attempted_at, o.status, NULL, o.duration_ms, true, NULL FROM o
  )
  UPDATE webhook_deliveries d SET next_attempt_at = NULL, leased_until = NULL
    FROM o WHERE d.webhook_id = $1 AND d.event_id = o.event_id AND d.attempts = o.attempt`;

/** The event's record, as `events.list` returns it and wsafe delivers it. */
function eventData(/** @type {any} */ row, /** @type {number} */ at) {
  const occurredAt = Number(row.occurred_at);
  return {
    id: row.id,
    type: row.type,
    occurred_at: occurredAt,
    cause: row.cause,
    expected: occurredAt > at,
    equipment_id: row.equipment_id,
    equipmentType_id: row.equipment_type_id,
    ...(row.schedule_id === null ? {} : { schedule_id: row.schedule_id }),
    from: row.from_status,
    to: row.to_status,
    ...(row.inspection_id === null ? {} : { inspection_id: row.inspection_id }),
    sequence: Number(row.sequence),
  };
}

/** POSTs on a connection of its own; resolves with the status and the time it took. */
function post(
  /** @type {string} */ url,
  /** @type {Record<string, string>} */ headers,
  /** @type {string} */ body,
) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, durationMs: Math.round(performance.now() - started) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

let inFlight = 0;
let claiming = false;
let stopped = false;
/** @type {any[]} */
const answered = [];
let recording = false;

async function attempt(/** @type {any} */ row) {
  const at = Number(row.claimed_at);
  const data = eventData(row, at);
  const body = JSON.stringify({ type: row.type, timestamp: new Date(data.occurred_at).toISOString(), data });
  const headers = {
    "webhook-id": row.id,
    "webhook-timestamp": String(Math.floor(at / 1000)),
    "webhook-signature": new Webhook(row.secret).sign(row.id, new Date(at), body),
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "user-agent": "wsafe-webhooks-peer",
  };
  const sent = /** @type {{ status: number, durationMs: number }} */ (await post(row.url, headers, body));
  if (sent.status < 200 || sent.status > 299)
    throw new Error(`the receiver answered ${sent.status}: the peer only succeeds`);
  answered.push({ id: `att_${crypto.randomUUID()}`, event: row.id, attempt: row.attempts, at, ...sent });
  if (!recording) void record();
}

async function record() {
  recording = true;
  await new Promise((resolve) => setImmediate(resolve));
  while (answered.length > 0) {
    const batch = answered.splice(0);
    await pool.query(recordSql, [
      endpoint.id,
      batch.map((a) => a.id),
      batch.map((a) => a.event),
      batch.map((a) => a.attempt),
      batch.map((a) => a.at),
      batch.map((a) => a.status),
      batch.map((a) => a.durationMs),
    ]);
    inFlight -= batch.length;
    void claim();
  }
  recording = false;
}

async function claim() {
  if (claiming || stopped) return;
  claiming = true;
  try {
    while (inFlight < perEndpoint) {
      const { rows } = await pool.query(claimSql, [endpoint.id, perEndpoint - inFlight, leaseMs]);
      if (rows.length === 0) break;
      inFlight += rows.length;
      for (const row of rows)
        attempt(row).catch((error) => {
          console.error(error);
          process.exit(1);
        });
    }
  } finally {
    claiming = false;
  }
}

queries.start();
void claim();
process.on("message", (/** @type {any} */ message) => {
  if (message?.type === "queries") process.send?.({ type: "queries", count: queries.count() });
});
// The launcher waits for a readiness line with a URL; this child serves nothing.
reportReady("http://127.0.0.1:0", async () => {
  stopped = true;
  await pool.end();
});
