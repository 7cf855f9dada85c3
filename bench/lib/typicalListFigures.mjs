// The figures of workload 7, the typical list: wsafe's p50 latency and requests/s
// beside the raw-SQL ceiling's, on each store.
import { figure } from "./figure.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const backendNames = { pglite: "PGlite", postgres: "PostgreSQL" };

/** The typical list's goal: at most this multiple of the ceiling's p50 latency (and its inverse in requests/s). */
const typicalListGoal = 1.5;

/**
 * Workload 7: the typical list under load, p50 latency and requests/s beside the ceiling's.
 *
 * @param {any} t - the `typicalList` results
 * @returns {Figure[]}
 */
export function typicalListFigures(t) {
  const w = "7 typical list";
  /** @type {Figure[]} */
  const figures = [];
  for (const [backend, v] of Object.entries(/** @type {Record<string, any>} */ (t.backends))) {
    const where = backendNames[/** @type {keyof typeof backendNames} */ (backend)] ?? backend;
    const peer = `raw SQL + JSON.stringify${v.sameAnswer ? "" : " (ANSWERS DIFFER)"}`;
    const latency = v.wsafe.p50 / v.ceiling.p50;
    const speed = v.wsafe.requestsPerSecond / v.ceiling.requestsPerSecond;
    figures.push(
      figure({
        workload: w,
        name: `${where}, ${t.equipment} equipment, ${t.connections} connections: p50 latency`,
        value: v.wsafe.p50,
        unit: "ms",
        peer,
        peerValue: v.ceiling.p50,
        goal: `≤ ${typicalListGoal.toFixed(2)}×`,
        met: latency <= typicalListGoal,
        chartLabel: `equipments.list of ${t.equipment}, ${where}, p50`,
        chartPeer: "raw SQL's p50",
        share: 1 / latency,
        goalShare: 1 / typicalListGoal,
      }),
      figure({
        workload: w,
        name: `${where}, ${t.equipment} equipment, ${t.connections} connections: requests/s`,
        value: v.wsafe.requestsPerSecond,
        unit: "req/s",
        peer,
        peerValue: v.ceiling.requestsPerSecond,
        goal: `≥ ${(1 / typicalListGoal).toFixed(2)}×`,
        met: speed >= 1 / typicalListGoal,
        chartLabel: `equipments.list of ${t.equipment}, ${where}, req/s`,
        chartPeer: "raw SQL's req/s",
        share: speed,
        goalShare: 1 / typicalListGoal,
      }),
    );
  }
  return figures;
}
