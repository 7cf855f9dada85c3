// The figures of workload 15, a mirror catching up with equipments.changes beside the
// store's own COPY of the same rows (a floor: it does less): the time of the whole
// catch-up and the CPU a change, per store, from the rounds that took turns.
import { figure } from "./figure.mjs";
import { formatMs, formatNumber } from "./formatNumbers.mjs";
import { median } from "./percentiles.mjs";

/**
 * @typedef {object} CatchUpRound
 * @property {{ ms: number, pages: number, changes: number, bytes: number }} walk - the mirror's catch-up
 * @property {number} serverCpuMicros - the server process's CPU during the walk
 * @property {number | null} databaseCpuMicros - its database backends' (PostgreSQL), null on PGlite (in the server's process)
 * @property {{ ms: number, cpuMicros: number, rows: number, bytes: number }} floor - the COPY
 */

/**
 * The medians of a store's rounds: the catch-up's time and the floor's, and the CPU a
 * change of each (the server's and, on PostgreSQL, its database's; the COPY's backend, or
 * on PGlite its process). A change is one equipment of the catch-up (one `id` in the feed).
 *
 * @param {CatchUpRound[]} rounds
 * @example
 * summariseCatchUps([{ walk: { ms: 2000, pages: 100, changes: 100000, bytes: 8e7 }, serverCpuMicros: 1.5e6, databaseCpuMicros: 5e5, floor: { ms: 400, cpuMicros: 3e5, rows: 300000, bytes: 6e7 } }]);
 * // { walkMs: 2000, floorMs: 400, cpuMicrosPerChange: 20, floorCpuMicrosPerChange: 3, ... }
 */
export function summariseCatchUps(rounds) {
  const changes = rounds[0]?.walk.changes ?? 0;
  const per = (/** @type {number} */ micros) => micros / changes;
  const database = rounds.every((r) => r.databaseCpuMicros !== null)
    ? median(rounds.map((r) => per(/** @type {number} */ (r.databaseCpuMicros))))
    : null;
  return {
    changes,
    pages: rounds[0]?.walk.pages ?? 0,
    walkMs: median(rounds.map((r) => r.walk.ms)),
    floorMs: median(rounds.map((r) => r.floor.ms)),
    serverMicrosPerChange: median(rounds.map((r) => per(r.serverCpuMicros))),
    databaseMicrosPerChange: database,
    cpuMicrosPerChange: median(rounds.map((r) => per(r.serverCpuMicros + (r.databaseCpuMicros ?? 0)))),
    floorCpuMicrosPerChange: median(rounds.map((r) => per(r.floor.cpuMicros))),
    walkBytes: rounds[0]?.walk.bytes ?? 0,
    floorBytes: rounds[0]?.floor.bytes ?? 0,
    floorRows: rounds[0]?.floor.rows ?? 0,
  };
}

/**
 * The line the run prints for one store.
 *
 * @param {string} store - `PGlite` or `PostgreSQL`
 * @param {ReturnType<typeof summariseCatchUps>} s
 */
export function changesFigureLine(store, s) {
  const database =
    s.databaseMicrosPerChange === null
      ? ""
      : ` (server ${formatNumber(s.serverMicrosPerChange, 1)}, its database ${formatNumber(s.databaseMicrosPerChange, 1)})`;
  return `changes, ${store}: a mirror caught up ${formatNumber(s.changes)} changes in ${s.pages} pages in ${formatMs(s.walkMs)}, ${formatNumber((s.changes / s.walkMs) * 1000)} changes/s, ${formatNumber(s.cpuMicrosPerChange, 1)} µs of CPU a change${database}; the floor, COPY of the same ${formatNumber(s.floorRows)} rows: ${formatMs(s.floorMs)} (${(s.walkMs / s.floorMs).toFixed(1)}x), ${formatNumber(s.floorCpuMicrosPerChange, 2)} µs a change`;
}

/**
 * The table's figures: per store, the catch-up's time and CPU a change beside the floor's.
 *
 * @param {{ equipment: number, pageSize: number, stores: Record<string, { rounds: CatchUpRound[] }> }} run
 * @returns {import("./figure.mjs").Figure[]}
 */
export function changesFigures(run) {
  return Object.entries(run.stores).flatMap(([store, { rounds }]) => {
    if (rounds.length === 0) return [];
    const s = summariseCatchUps(rounds);
    const scene = `equipments.changes on ${store}: a mirror catching up ${formatNumber(s.changes)} changes from no cursor, pages of ${formatNumber(run.pageSize)}`;
    const peer = "floor: COPY ... TO of the same rows (no statuses, no JSON)";
    return [
      figure({
        workload: "15 changes",
        name: `${scene}: time`,
        value: Math.round(s.walkMs),
        unit: "ms",
        peer,
        peerValue: Math.round(s.floorMs),
      }),
      figure({
        workload: "15 changes",
        name: `${scene}: CPU a change (server${s.databaseMicrosPerChange === null ? "" : " and its database"})`,
        value: Number(s.cpuMicrosPerChange.toFixed(1)),
        unit: "µs",
        peer,
        peerValue: Number(s.floorCpuMicrosPerChange.toFixed(2)),
      }),
    ];
  });
}
