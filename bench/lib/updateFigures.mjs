// The figures of workload 14, equipments.update beside its raw-SQL peer: requests a
// second and the server process's CPU a request, per store and number of clients, and
// the lines the run prints as it goes.
import { figure } from "./figure.mjs";

const storeNames = { Pglite: "PGlite", Postgres: "PostgreSQL" };

/**
 * The peer as the figures name it: a peer that failed its checks is a floor.
 *
 * @param {Record<string, { kind: string }> | undefined} checked
 * @param {string} store - `Pglite` or `Postgres`
 */
function peerName(checked, store) {
  const kind = checked?.[`peer${store}`]?.kind;
  return kind === "checked" ? "raw-SQL peer" : "raw-SQL peer, a FLOOR (failed its checks)";
}

/**
 * The comparison of one number of clients, as the run prints it: per store, wsafe's req/s
 * against the peer's and the peer's CPU a request against wsafe's (each ratio "higher is
 * better for wsafe").
 *
 * @param {{ connections: number, byStore: Record<string, { requestsPerSecond: number, cpuMicrosPerRequest?: number }>, checked?: Record<string, { kind: string }> }} run
 * @returns {string[]}
 * @example
 * updateFigureLines({ connections: 1, byStore: { wsafePglite: ..., peerPglite: ... }, checked });
 * // ["updates, 1 client(s), PGlite: wsafe 120 req/s against the peer's 100: 1.20x; CPU ..."]
 */
export function updateFigureLines({ connections, byStore, checked }) {
  return Object.entries(storeNames).flatMap(([store, storeName]) => {
    const wsafe = byStore[`wsafe${store}`];
    const peer = byStore[`peer${store}`];
    if (!wsafe || !peer) return [];
    const speed = wsafe.requestsPerSecond / peer.requestsPerSecond;
    const cpu = (peer.cpuMicrosPerRequest ?? Number.NaN) / (wsafe.cpuMicrosPerRequest ?? Number.NaN);
    const floor =
      checked?.[`peer${store}`]?.kind === "checked" ? "" : " (the peer is a FLOOR: it failed its checks)";
    return [
      `updates, ${connections} client(s), ${storeName}: wsafe ${wsafe.requestsPerSecond.toFixed(0)} req/s against the peer's ${peer.requestsPerSecond.toFixed(0)}: ${speed.toFixed(2)}x; CPU ${wsafe.cpuMicrosPerRequest?.toFixed(0)} µs/req against ${peer.cpuMicrosPerRequest?.toFixed(0)}: ${cpu.toFixed(2)}x (peer's / wsafe's)${floor}`,
    ];
  });
}

/**
 * The table's figures of the workload: for each number of clients and store, wsafe's
 * req/s and server CPU a request beside the peer's.
 *
 * @param {{ accounts: number, byClients: Record<string, Record<string, any>>, checked: Record<string, { kind: string }> }} run
 * @returns {import("./figure.mjs").Figure[]}
 */
export function updateFigures(run) {
  return Object.entries(run.byClients).flatMap(([clients, byStore]) =>
    Object.entries(storeNames).flatMap(([store, storeName]) => {
      const wsafe = byStore[`wsafe${store}`];
      const peer = byStore[`peer${store}`];
      if (!wsafe || !peer) return [];
      const scene = `equipments.update on ${storeName}, ${clients} client(s) over ${run.accounts} accounts (if_version, a change of fields and a move in turn, events and outbox)`;
      const peerLabel = peerName(run.checked, store);
      return [
        figure({
          workload: "14 updates",
          name: `${scene}: requests a second`,
          value: Math.round(wsafe.requestsPerSecond),
          unit: "req/s",
          peer: peerLabel,
          peerValue: Math.round(peer.requestsPerSecond),
        }),
        figure({
          workload: "14 updates",
          name: `${scene}: server CPU a request`,
          value: Math.round(wsafe.cpuMicrosPerRequest),
          unit: "µs",
          peer: peerLabel,
          peerValue: Math.round(peer.cpuMicrosPerRequest),
        }),
      ];
    }),
  );
}
