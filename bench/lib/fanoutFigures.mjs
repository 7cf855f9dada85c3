// The figures of workload 12, `events.stream` fan-out (issue 38 goal 6), each beside the
// peer that writes the same frames with Node's `https` (`children/sseFanoutPeer.mjs`).
import { figure } from "./figure.mjs";
import { formatNumber } from "./formatNumbers.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const backendNames = { pglite: "PGlite", postgres: "PostgreSQL" };

/**
 * How long a side took to deliver every frame, or how far it got in its time.
 *
 * @param {any} side
 */
const delivery = (side) =>
  side.complete === false
    ? `${formatNumber(side.delivered)} frames in ${(side.allDeliveredMs / 1000).toFixed(0)} s, not all`
    : `${(side.allDeliveredMs / 1000).toFixed(1)} s`;

/** The issue's goal: wsafe's throughput at least half the peer's. */
const throughputGoal = 0.5;

/**
 * Workload 12's figures: on each store, frames a second (from the import's start until
 * every stream had every event) and server CPU per delivered frame, wsafe beside the peer.
 *
 * @param {any} f - the `fanout` results
 * @returns {Figure[]}
 */
export function fanoutFigures(f) {
  const w = "12 fan-out";
  /** @type {Figure[]} */
  const figures = [];
  for (const [backend, b] of Object.entries(/** @type {Record<string, any>} */ (f.backends ?? {}))) {
    const where = backendNames[/** @type {keyof typeof backendNames} */ (backend)] ?? backend;
    const { wsafe, trpc, peer } = b;
    const scene = `${formatNumber(wsafe.streams)} streams × ${formatNumber(wsafe.events)} events (${formatNumber(wsafe.frames)} frames${b.sameBytes === null ? ", bytes not compared" : b.sameBytes ? `, the same bytes: ${b.compared?.join(", ") ?? "every side"}` : ", bytes DIFFER"})`;
    figures.push(
      figure({
        workload: w,
        name: `${where}: ${scene}, frames/s until every stream has every event (${delivery(wsafe)}; peer ${delivery(peer)})`,
        value: wsafe.framesPerSecond,
        unit: "frames/s",
        peer: "Node's https writing each batch's frames once to every connection",
        peerValue: peer.framesPerSecond,
        goal: `≥ ${throughputGoal.toFixed(2)}×`,
        met: wsafe.framesPerSecond / peer.framesPerSecond >= throughputGoal,
      }),
      figure({
        workload: w,
        name: `${where}: server CPU per delivered frame${backend === "pglite" ? " (the import's own CPU in the process subtracted)" : ""}`,
        value: wsafe.cpuMicrosPerFrame,
        unit: "µs",
        peer: "the same peer",
        peerValue: peer.cpuMicrosPerFrame,
      }),
    );
    if (wsafe.peakRssMiB !== undefined)
      figures.push(
        figure({
          workload: w,
          name: `${where}: the server's peak memory while it delivers, above its ${Math.round(wsafe.rssBeforeMiB)} MiB with the streams open`,
          value: wsafe.peakRssMiB - wsafe.rssBeforeMiB,
          unit: "MiB",
          peer: "the same peer",
          peerValue: peer.peakRssMiB - peer.rssBeforeMiB,
        }),
      );
    if (trpc)
      figures.push(
        figure({
          workload: w,
          name: `${where}: server CPU per delivered frame`,
          value: wsafe.cpuMicrosPerFrame,
          unit: "µs",
          peer: "stock tRPC 11 on Fastify, one subscription generator a stream, fed the same rows",
          peerValue: trpc.cpuMicrosPerFrame,
        }),
        figure({
          workload: w,
          name: `${where}: stock tRPC's frames/s (${delivery(trpc)})`,
          value: trpc.framesPerSecond,
          unit: "frames/s",
          peer: "the https peer",
          peerValue: peer.framesPerSecond,
        }),
      );
  }
  return figures;
}
