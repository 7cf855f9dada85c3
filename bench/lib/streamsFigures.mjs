// The figures of workload 9, streams and operations (issue 35), each beside its baseline.
import { figure } from "./figure.mjs";
import { formatNumber } from "./formatNumbers.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const backendNames = { pglite: "PGlite", postgres: "PostgreSQL" };
const whereOf = (/** @type {string} */ backend) =>
  backendNames[/** @type {keyof typeof backendNames} */ (backend)] ?? backend;

/** The goal: an idle server with events and webhooks on within 1.5× of one without. */
const idleGoal = 1.5;
/** Issue 47's: a stalled stream costs at most 2 MiB, however much is recorded, beside no stream. */
const stalledGoalMiB = 2;
/** Issue 47's: within 1 ms of CPU a second of Node's bare `https` server idling in the same window. */
const aboveBareGoalMs = 1;

/**
 * Workload 9's figures.
 *
 * @param {any} s - the `streams` results
 * @returns {Figure[]}
 */
export function streamsFigures(s) {
  const w = "9 streams";
  /** @type {Figure[]} */
  const figures = [];
  for (const [backend, b] of Object.entries(/** @type {Record<string, any>} */ (s.backends ?? {}))) {
    const where = whereOf(backend);
    const idle = b.idleCpu;
    const ratio = idle.on.medianMsPerSecond / idle.off.medianMsPerSecond;
    figures.push(
      figure({
        workload: w,
        name: `${where}: CPU of an idle server, events and webhooks on${backend === "postgres" ? " (its backends included)" : ""}`,
        value: idle.on.medianMsPerSecond,
        unit: "ms/s",
        peer: "the same server with both off",
        peerValue: idle.off.medianMsPerSecond,
        goal: `≤ ${idleGoal.toFixed(2)}×`,
        met: ratio <= idleGoal,
      }),
    );
    for (const [key, what] of /** @type {const} */ ([
      ["on", "events and webhooks on"],
      ["withMetrics", "events and webhooks on, with its metrics listener"],
    ])) {
      const run = idle[key];
      if (!run?.bare) continue;
      const above = run.medianMsPerSecond - run.bare.medianMsPerSecond;
      figures.push(
        figure({
          workload: w,
          name: `${where}: CPU of an idle server, ${what}${backend === "postgres" ? " (its backends included)" : ""}, beside a bare https server in the same window`,
          value: run.medianMsPerSecond,
          unit: "ms/s",
          peer: "Node's bare https server, idling in the same window",
          peerValue: run.bare.medianMsPerSecond,
          ...(key === "on" ? { goal: `≤ +${aboveBareGoalMs} ms/s`, met: above <= aboveBareGoalMs } : {}),
        }),
      );
    }
    if (idle.eventsOnly)
      figures.push(
        figure({
          workload: w,
          name: `${where}: CPU of an idle server, events on and webhook deliveries off`,
          value: idle.eventsOnly.medianMsPerSecond,
          unit: "ms/s",
          peer: "the same server with both off",
          peerValue: idle.off.medianMsPerSecond,
        }),
      );
    const { many, alone } = b.firstEvent;
    const accounts = formatNumber(many.accounts);
    const events = formatNumber(many.count);
    for (const [key, how] of /** @type {const} */ ([
      ["resumeMs", "resuming after an event (lastEventId)"],
      ["fromMs", "replaying from an instant (from)"],
    ]))
      figures.push(
        figure({
          workload: w,
          name: `${where}: a stream's first event ${how}, ${accounts} accounts and ${events} events`,
          value: many[key],
          unit: "ms",
          peer: `one account alone (${formatNumber(alone.count)} events)`,
          peerValue: alone[key],
        }),
      );
    if (b.memory) {
      const mib = (/** @type {number} */ bytes) => bytes / 2 ** 20;
      const { stopped, reading, none } = b.memory;
      const events = formatNumber(stopped.events);
      if (stopped.heldGrewBytes !== undefined)
        figures.push(
          figure({
            workload: w,
            name: `${where}: what the server holds more after collections once ${events} events are recorded while a reader stalls (it then got all ${formatNumber(stopped.received)})`,
            value: mib(stopped.heldGrewBytes),
            unit: "MiB",
            peer: "the same import with no stream",
            peerValue: mib(none.heldGrewBytes),
            goal: `≤ +${stalledGoalMiB} MiB`,
            met: mib(stopped.heldGrewBytes - none.heldGrewBytes) <= stalledGoalMiB,
          }),
        );
      figures.push(
        figure({
          workload: w,
          name: `${where}: the server's peak memory while ${events} events are recorded for a reader that stopped reading`,
          value: mib(stopped.aboveBeforeBytes),
          unit: "MiB",
          peer: `a reader that reads (${formatNumber(mib(none.aboveBeforeBytes))} MiB with no reader)`,
          peerValue: mib(reading.aboveBeforeBytes),
        }),
      );
    }
  }
  for (const [backend, r] of Object.entries(
    /** @type {Record<string, any>} */ (s.retention?.backends ?? {}),
  )) {
    const where = whereOf(backend);
    figures.push(
      figure({
        workload: w,
        name: `${where}: retention over ${formatNumber(r.count)} events, ${formatNumber(r.pruned)} pruned in ${formatNumber(r.batches)} batches`,
        value: r.batchedMs,
        unit: "ms",
        peer: "1.0.0's one unbatched DELETE of the same rows",
        peerValue: r.baselineMs,
      }),
      figure({
        workload: w,
        name: `${where}: retention's longest statement (how long a recording can wait on it)`,
        value: r.longestBatchMs,
        unit: "ms",
        peer: "1.0.0's one statement",
        peerValue: r.baselineMs,
      }),
    );
  }
  return figures;
}
