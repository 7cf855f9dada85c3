// Workload 8, the recorder's part: what recording time events costs on a store of N
// equipment, measured in the bench's process with the server's own recording code (its
// built `dist/events/recordTimeEvents.js`: not part of the package's API, so read by
// path), beside the raw-SQL peer that computes the same transitions without storing them.
import { listWindowOf } from "../lib/eventsTimeline.mjs";
import { progress } from "../lib/log.mjs";
import { median } from "../lib/percentiles.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { timePeer } from "../lib/timePeer.mjs";

/**
 * The server's recording functions, from the build under measurement.
 *
 * @returns {Promise<{ recordDueEvents: (sql: any, now: number) => Promise<any>, readRecordingState: (sql: any) => Promise<any> }>}
 */
export async function recorderInternals() {
  return import(new URL("./events/recordTimeEvents.js", serverLocation().entryUrl).href);
}

/**
 * Puts the store back as the import left it: no time event, the clock at the import's
 * instant (the import's own events stay). A bench's step between two measurements of
 * the same catch-up; the `VACUUM` keeps the deleted rows from weighing on the next one.
 *
 * @param {any} sql
 * @param {number} importAt
 */
async function forgetTimeEvents(sql, importAt) {
  await sql.query("DELETE FROM events WHERE cause = 'time'");
  await sql.query("UPDATE event_clock SET recorded_until = $1::bigint", [importAt]);
  await sql.query("VACUUM ANALYZE events");
}

/**
 * Times one recording (the recorder's own transaction, `recordDueEvents`) and the peer's
 * statement over the same window.
 *
 * @param {any} sql
 * @param {any} internals
 * @param {{ after: number, upTo: number }} window
 * @param {string} accountId
 */
async function recordBesidePeer(sql, internals, window, accountId) {
  const start = performance.now();
  const outcome = await internals.recordDueEvents(sql, window.upTo);
  const ms = performance.now() - start;
  if (outcome.state !== "recorded")
    throw new Error(`the recorder did not record up to ${window.upTo}: ${outcome.state}`);
  const { from, to } = listWindowOf(window);
  const peer = await timePeer(sql, [from, to, accountId]);
  return { events: outcome.events, ms, peerEvents: peer.rows.length, peerMs: peer.ms };
}

/**
 * Measures the recorder on an open store that holds the imported dataset and whose
 * clock stands at the import's instant (see `eventsTimeline`):
 * - each day of the 30 after the import recorded on its own, as a server that was down
 *   for a day catches up: events, ms, beside the peer computing that day's transitions;
 * - then, from the import's instant again, the 30 days in one catch-up (`catchUps`
 *   times, the store put back between them): the store ends with them recorded;
 * - the idle probe (`readRecordingState`: the clock and the next date after it, through
 *   the dates' indexes; what a server asks once a second between transitions), `probes`
 *   times, taking turns with `SELECT 1` on the same connection, the floor of a statement.
 *
 * @param {{ store: any, timeline: ReturnType<typeof import("../lib/eventsTimeline.mjs").eventsTimeline>, accountId: string, probes: number, catchUps: number, label: string }} options
 */
export async function measureRecorder({ store, timeline, accountId, probes, catchUps, label }) {
  const internals = await recorderInternals();
  const { sql } = store;
  const days = [];
  for (const window of timeline.dayWindows)
    days.push(await recordBesidePeer(sql, internals, window, accountId));
  const busiest = days.reduce((a, b) => (b.events > a.events ? b : a));
  progress(
    `events ${label}: ${days.length} one-day catch-ups, median ${median(days.map((d) => d.events))} events in ${median(days.map((d) => d.ms)).toFixed(0)} ms; busiest day ${busiest.events} events in ${busiest.ms.toFixed(0)} ms`,
  );
  const all = { after: timeline.importAt, upTo: timeline.reference };
  const runs = [];
  for (let run = 0; run < catchUps; run++) {
    await forgetTimeEvents(sql, timeline.importAt);
    runs.push(await recordBesidePeer(sql, internals, all, accountId));
  }
  const catchUp = {
    events: runs[0].events,
    peerEvents: runs[0].peerEvents,
    ms: median(runs.map((r) => r.ms)),
    peerMs: median(runs.map((r) => r.peerMs)),
    runs,
  };
  progress(
    `events ${label}: the 30-day catch-up recorded ${catchUp.events} events in ${catchUp.ms.toFixed(0)} ms (peer: ${catchUp.peerEvents} rows in ${catchUp.peerMs.toFixed(0)} ms)`,
  );
  /** @type {number[]} */
  const probe = [];
  /** @type {number[]} */
  const select1 = [];
  for (let i = 0; i < probes; i++) {
    let start = performance.now();
    await internals.readRecordingState(sql);
    probe.push((performance.now() - start) * 1000);
    start = performance.now();
    await sql.query("SELECT 1");
    select1.push((performance.now() - start) * 1000);
  }
  const state = await internals.readRecordingState(sql);
  if (state.recordedUntil < timeline.reference)
    throw new Error(`the clock stands at ${state.recordedUntil}, before ${timeline.reference}`);
  return {
    days,
    catchUp,
    probe: { micros: median(probe), peerMicros: median(select1), samples: probes },
  };
}
