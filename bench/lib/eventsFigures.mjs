// The figures of workload 8, events: the recorder's cost and events.list's walks, each
// beside its peer. The issue gives no goals for them, so none is printed.
import { figure } from "./figure.mjs";
import { formatNumber } from "./formatNumbers.mjs";
import { median } from "./percentiles.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const backendNames = { pglite: "PGlite", postgres: "PostgreSQL" };

/**
 * Events per second of a recording or a walk; NaN when nothing was timed.
 *
 * @param {number} events
 * @param {number} ms
 * @example
 * eventsPerSecond(900, 45); // 20 000
 */
export function eventsPerSecond(events, ms) {
  return ms > 0 ? (events / ms) * 1000 : Number.NaN;
}

/**
 * The one-day catch-ups in a few numbers: the median day's events, ms and its peer's ms
 * (each the median over the days, nearest rank), the rate over all the days, and the
 * busiest day.
 *
 * @param {{ events: number, ms: number, peerEvents: number, peerMs: number }[]} days
 */
export function summariseDays(days) {
  const events = days.reduce((sum, d) => sum + d.events, 0);
  const ms = days.reduce((sum, d) => sum + d.ms, 0);
  return {
    medianEvents: median(days.map((d) => d.events)),
    medianMs: median(days.map((d) => d.ms)),
    medianPeerMs: median(days.map((d) => d.peerMs)),
    events,
    eventsPerSecond: eventsPerSecond(events, ms),
    busiest: days.reduce((a, b) => (b.events > a.events ? b : a)),
    // The peer computes what the recorder records: a day where they differ is a finding.
    sameCounts: days.every((d) => d.events === d.peerEvents),
  };
}

/**
 * The peer of a walk as printed: the same events (checked), or a floor and why.
 *
 * @param {import("./compareEventSets.mjs").EventSetComparison} comparison
 */
export function walkPeerName(comparison) {
  if (comparison.same) return "raw SQL from the rules, one statement (same events)";
  return `raw SQL from the rules (A FLOOR: ${comparison.onlyPeer} events only its, ${comparison.onlyWsafe} only wsafe's, ${comparison.repeated} repeated)`;
}

/**
 * Workload 8's figures.
 *
 * @param {any} e - the `events` results
 * @returns {Figure[]}
 */
export function eventsFigures(e) {
  const w = "8 events";
  const n = e.equipment.toLocaleString("en-US");
  const rate = (/** @type {number} */ events, /** @type {number} */ ms) =>
    `${formatNumber(eventsPerSecond(events, ms))} events/s`;
  /** @type {Figure[]} */
  const figures = [];
  for (const [backend, b] of Object.entries(/** @type {Record<string, any>} */ (e.backends))) {
    const where = backendNames[/** @type {keyof typeof backendNames} */ (backend)] ?? backend;
    const r = b.recorder;
    const days = summariseDays(r.days);
    const floor = "raw SQL computing the same transitions, not storing them (a floor)";
    figures.push(
      figure({
        workload: w,
        name: `${where}, ${n} equipment: idle probe (readRecordingState: the clock and the next date, by the indexes)`,
        value: r.probe.micros,
        unit: "µs",
        peer: "SELECT 1 on the same connection (a floor)",
        peerValue: r.probe.peerMicros,
      }),
      figure({
        workload: w,
        name: `${where}: recording one day (median of ${r.days.length} one-day catch-ups: ${formatNumber(days.medianEvents)} events; ${formatNumber(days.eventsPerSecond)} events/s over all)`,
        value: days.medianMs,
        unit: "ms",
        peer: days.sameCounts ? floor : `${floor} (COUNTS DIFFER)`,
        peerValue: days.medianPeerMs,
      }),
      figure({
        workload: w,
        name: `${where}: recording the busiest day (${formatNumber(days.busiest.events)} events, ${rate(days.busiest.events, days.busiest.ms)})`,
        value: days.busiest.ms,
        unit: "ms",
        peer: floor,
        peerValue: days.busiest.peerMs,
      }),
      figure({
        workload: w,
        name: `${where}: a 30-day catch-up in one transaction (${formatNumber(r.catchUp.events)} events, ${rate(r.catchUp.events, r.catchUp.ms)})`,
        value: r.catchUp.ms,
        unit: "ms",
        peer: r.catchUp.events === r.catchUp.peerEvents ? floor : `${floor} (COUNTS DIFFER)`,
        peerValue: r.catchUp.peerMs,
        chartLabel: `recording 30 days, ${where}`,
        chartPeer: "computing them in raw SQL",
        share: r.catchUp.peerMs / r.catchUp.ms,
      }),
    );
    const cpu = b.idleCpu;
    figures.push(
      figure({
        workload: w,
        name: `${where}: CPU of an idle server per second, recorder on (median ${cpu.sliceSeconds} s slice of ${cpu.seconds} s${backend === "postgres" ? ", its PostgreSQL backends included" : ""})`,
        value: cpu.withRecorder.medianMsPerSecond,
        unit: "ms/s",
        peer: cpu.withoutRecorder ? "the same server with recordEvents: false" : null,
        peerValue: cpu.withoutRecorder?.medianMsPerSecond ?? null,
      }),
    );
    for (const [name, words] of /** @type {const} */ ([
      ["future", "the next 30 days (expected, computed)"],
      ["past", "the last 30 days (recorded)"],
    ])) {
      const walk = b[name];
      if (!walk) continue;
      figures.push(
        figure({
          workload: w,
          name: `${where}: events.list over ${words}, ${formatNumber(walk.events)} events: first page of ${e.pageSize}`,
          value: walk.firstPageMs,
          unit: "ms",
          peer: `raw SQL from the rules up to the first page's last instant, its first ${e.pageSize} rows`,
          peerValue: walk.peerFirstPageMs,
        }),
        figure({
          workload: w,
          name: `${where}: events.list over ${words}: the whole walk, ${walk.pages} pages (${rate(walk.events, walk.totalMs)})`,
          value: walk.totalMs,
          unit: "ms",
          peer: walkPeerName(walk.comparison),
          peerValue: walk.peerMs,
          chartLabel: `events.list, ${name === "future" ? "next" : "last"} 30 days, ${where}`,
          chartPeer: "raw SQL's time",
          share: walk.peerMs / walk.totalMs,
        }),
      );
      if (walk.rawReadMs !== undefined) {
        figures.push(
          figure({
            workload: w,
            name: `${where}: events.list over ${words}: the whole walk`,
            value: walk.totalMs,
            unit: "ms",
            peer: "the stored rows read back in one SELECT (a floor)",
            peerValue: walk.rawReadMs,
          }),
        );
      }
    }
  }
  return figures;
}
