// Workload 8, the server's part: `events.list` walked page by page over HTTPS from a
// real server in its own process, beside the raw-SQL peer; and the CPU that server
// spends per second while idle, with its recorder and without (`recordEvents: false`).
import pg from "pg";
import { startChildServer } from "../lib/childServer.mjs";
import { compareEventSets } from "../lib/compareEventSets.mjs";
import { sampleIdleCpu } from "../lib/idleCpu.mjs";
import { progress } from "../lib/log.mjs";
import { median } from "../lib/percentiles.mjs";
import { closeIdleSockets } from "../lib/timedPost.mjs";
import { timePeer } from "../lib/timePeer.mjs";
import { walkEvents } from "../lib/walkEvents.mjs";

/**
 * The processes whose CPU an idle server costs: its own, and on PostgreSQL the backends
 * of its connections (where the recorder's statements run), found in `pg_stat_activity`
 * on the workload's database, the bench's own connection left out.
 *
 * @param {number} serverPid
 * @param {pg.Client | undefined} client - connected to the server's database (PostgreSQL)
 */
export function processesOf(serverPid, client) {
  return async () => {
    if (!client) return [serverPid];
    const { rows } = await client.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return [serverPid, ...rows.map((row) => Number(row.pid))];
  };
}

/**
 * Starts a server on the store, lets it settle (its start, the recorder's first round, the
 * compiler threads' work on what the start ran), then samples its CPU while nothing asks it
 * anything.
 *
 * @param {{ database: string, tlsDir: string, recordEvents: boolean, idle: { settleSeconds: number, seconds: number, sliceSeconds: number }, postgres: boolean }} options
 * @param {(server: import("../lib/childServer.mjs").ChildServer) => Promise<void>} [then] - more work with the same server
 */
async function idleServer({ database, tlsDir, recordEvents, idle, postgres }, then) {
  const server = await startChildServer("wsafeServer.mjs", {
    database,
    tlsDir,
    recordEvents,
    rateLimit: { points: 1_000_000_000, durationSeconds: 1 },
  });
  const client = postgres ? new pg.Client({ connectionString: database }) : undefined;
  try {
    await client?.connect();
    await new Promise((resolve) => setTimeout(resolve, idle.settleSeconds * 1000));
    const cpu = await sampleIdleCpu(processesOf(server.pid, client), idle);
    await then?.(server);
    return cpu;
  } finally {
    await client?.end();
    closeIdleSockets();
    await server.close();
  }
}

/**
 * Walks one window `walks` times, taking turns with the peer's statement (whole, and its
 * first page), and compares the first walk's events with the peer's rows.
 *
 * @param {{ url: string, peerSql: any, request: { token: string, from: number, to: number, limit: number }, accountId: string, walks: number, label: string, rawRead?: boolean }} options
 */
async function walkBesidePeer({ url, peerSql, request, accountId, walks, label, rawRead = false }) {
  const params = [request.from, request.to, accountId];
  const runs = [];
  let comparison;
  for (let round = 0; round < walks; round++) {
    // A kept-alive socket idle through the peer's statements: on PGlite they run in this
    // process and hold its event loop for seconds, so the server's close of that socket
    // was never read, and the next walk's first request met it ("socket hang up").
    closeIdleSockets();
    const walk = await walkEvents(url, request);
    const peer = await timePeer(peerSql, params);
    const rows = peer.rows;
    const peerMs = peer.ms;
    // The first page's peer computes up to the instant where that page ended (all of it,
    // as a page's instant may hold more events than the page), then keeps as many rows.
    const firstPageEnd = Number(walk.events[request.limit - 1]?.occurred_at ?? request.to);
    const firstPage = await timePeer(peerSql, [request.from, firstPageEnd, accountId], {
      limit: request.limit,
    });
    const peerFirstPageMs = firstPage.ms;
    // The floor of a recorded window: the stored rows read back in the list's order.
    let rawReadMs;
    if (rawRead) {
      const start = performance.now();
      await peerSql.query(
        `SELECT * FROM events WHERE account_id = $3::text AND occurred_at BETWEEN $1::bigint AND $2::bigint
          ORDER BY occurred_at, id`,
        params,
      );
      rawReadMs = performance.now() - start;
    }
    comparison ??= compareEventSets(walk.events, rows);
    runs.push({
      events: walk.events.length,
      pages: walk.pages,
      firstPageMs: walk.firstPageMs,
      totalMs: walk.totalMs,
      peerMs,
      peerJoinMs: peer.joinMs,
      peerPerDateMs: peer.perDateMs,
      peerFirstPageMs,
      rawReadMs,
    });
    progress(
      `events ${label}: walked ${walk.events.length} events in ${walk.pages} pages, ${walk.totalMs.toFixed(0)} ms (first page ${walk.firstPageMs.toFixed(0)} ms); peer ${rows.length} rows in ${peerMs.toFixed(0)} ms${rawReadMs === undefined ? "" : `; raw read ${rawReadMs.toFixed(0)} ms`}`,
    );
  }
  const of = (/** @type {string} */ key) => median(runs.map((/** @type {any} */ r) => r[key]));
  return {
    events: runs[0].events,
    pages: runs[0].pages,
    firstPageMs: of("firstPageMs"),
    totalMs: of("totalMs"),
    peerMs: of("peerMs"),
    peerFirstPageMs: of("peerFirstPageMs"),
    rawReadMs: rawRead ? of("rawReadMs") : undefined,
    comparison,
    runs,
  };
}

/**
 * The server's part of workload 8 on one store: a server with its recorder (the default)
 * idles, then answers the walks of the future window (expected events, computed) and of
 * the past one (recorded), each beside the peer; then (`idle.withoutRecorder`) a server
 * without a recorder idles as long. The peer runs on `peerStore`: the same PostgreSQL database, or a copy of the
 * PGlite directory (one process per directory), opened by the caller.
 *
 * @param {{ database: string, peerStore: () => Promise<any>, tlsDir: string, timeline: ReturnType<typeof import("../lib/eventsTimeline.mjs").eventsTimeline>, token: string, accountId: string, pageSize: number, walks: number, idle: { settleSeconds: number, seconds: number, sliceSeconds: number, withoutRecorder: boolean }, postgres: boolean, label: string }} options
 */
export async function measureList({
  database,
  peerStore,
  tlsDir,
  timeline,
  token,
  accountId,
  pageSize,
  walks,
  idle,
  postgres,
  label,
}) {
  /** @type {any} */
  const list = {};
  const withRecorder = await idleServer(
    { database, tlsDir, recordEvents: true, idle, postgres },
    async (server) => {
      const store = await peerStore();
      try {
        for (const [name, window] of /** @type {const} */ ([
          ["future", timeline.future],
          ["past", timeline.past],
        ])) {
          list[name] = await walkBesidePeer({
            url: server.url,
            peerSql: store.sql,
            request: { token, ...window, limit: pageSize },
            accountId,
            walks,
            label: `${label} ${name}`,
            rawRead: name === "past",
          });
          if (!list[name].comparison.same)
            progress(
              `events ${label} ${name}: the walk and the peer DIFFER: ${JSON.stringify(list[name].comparison)}`,
            );
        }
      } finally {
        await store.close();
      }
    },
  );
  // The quick run saves the second server's start (seconds): its idle figure means nothing at that size.
  const withoutRecorder = idle.withoutRecorder
    ? await idleServer({ database, tlsDir, recordEvents: false, idle, postgres })
    : undefined;
  const idleCpu = { ...idle, withRecorder, withoutRecorder };
  progress(
    `events ${label}: an idle server spends ${withRecorder.medianMsPerSecond.toFixed(2)} ms of CPU per second with its recorder${withoutRecorder ? `, ${withoutRecorder.medianMsPerSecond.toFixed(2)} without` : ""}${postgres ? " (its PostgreSQL backends included)" : ""}`,
  );
  return { ...list, idleCpu };
}
