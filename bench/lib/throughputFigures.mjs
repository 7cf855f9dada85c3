// The figures of workload 13, webhook throughput: deliveries a second to one endpoint from
// a backlog, and round trips to PostgreSQL a delivery, wsafe's pool beside the minimal peer.
import { figure } from "./figure.mjs";

/**
 * @param {{ deliveries: number, rounds: number, perEndpoint: number, wsafe: { perSecond: number, roundTrips: number, cpuMicros: number }, peer: { perSecond: number, roundTrips: number, cpuMicros: number } }} run
 * @returns {import("./figure.mjs").Figure[]}
 */
export function throughputFigures(run) {
  const scene = `${run.deliveries.toLocaleString("en-US")} deliveries to one endpoint answering in 2 ms, at most ${run.perEndpoint} at once (PostgreSQL, median of ${run.rounds})`;
  const peer = "peer: claim, sign, post, record with SKIP LOCKED";
  return [
    figure({
      workload: "13 deliveries",
      name: `${scene}: deliveries a second`,
      value: run.wsafe.perSecond,
      unit: "/s",
      peer,
      peerValue: run.peer.perSecond,
    }),
    figure({
      workload: "13 deliveries",
      name: `${scene}: round trips to PostgreSQL a delivery`,
      value: Number(run.wsafe.roundTrips.toFixed(2)),
      unit: "",
      peer,
      peerValue: Number(run.peer.roundTrips.toFixed(2)),
    }),
    figure({
      workload: "13 deliveries",
      name: `${scene}: CPU of the delivering process a delivery`,
      value: run.wsafe.cpuMicros,
      unit: "µs",
      peer,
      peerValue: run.peer.cpuMicros,
    }),
  ];
}
