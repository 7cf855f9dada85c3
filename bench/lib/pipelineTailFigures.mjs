// The tail of workload 1 (issue 38, goal 4): wsafe's p99 latency at microsecond
// resolution beside the lean contract-on-Hono peer's under the same pinned load, and how
// far each one's rounds stray (req/s and p99, highest − lowest over the median), which
// must be no wider than the peer's. The median latency beside bare Fastify's, as before.
import { figure } from "./figure.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const w = "1 pipeline";

/** Issue 38, goal 4: the peer the tail is held to, and the goals as ratios. */
export const tailGoal = { peer: "honoContractFast", maxP99: 1, maxSpread: 1 };

/**
 * A summary's latency percentile in µs: measured so where the rounds kept every
 * response's time, else autocannon's whole milliseconds (results stored before).
 *
 * @param {any} summary
 * @param {"p50" | "p99"} at
 */
function micros(summary, at) {
  return summary[`${at}Micros`] ?? summary[at] * 1000;
}

/**
 * @param {any} p - what `runPipeline` returned
 * @param {{ name: string, summary: any, how: string }} wsafe - the judged build
 * @param {(p: any, key: string) => string} label - a server's printed name
 * @returns {Figure[]}
 */
export function tailFigures(p, wsafe, label) {
  /** @type {Figure[]} */
  const figures = [];
  const peer = p[tailGoal.peer];
  if (peer) {
    const mine = micros(wsafe.summary, "p99");
    const theirs = micros(peer, "p99");
    figures.push(
      figure({
        workload: w,
        name: `resources.list p99 latency${wsafe.how}, ${wsafe.name}`,
        value: mine,
        unit: "µs",
        peer: label(p, tailGoal.peer),
        peerValue: theirs,
        goal: `≤ ${tailGoal.maxP99.toFixed(2)}×`,
        met: mine <= theirs * tailGoal.maxP99,
      }),
    );
    for (const [key, what] of [
      ["requestsPerSecond", "req/s"],
      ["p99Micros", "p99"],
    ]) {
      const mySpread = wsafe.summary.spread?.[key];
      const theirSpread = peer.spread?.[key];
      if (!mySpread || !theirSpread) continue;
      const value = mySpread.relative * 100;
      const peerValue = theirSpread.relative * 100;
      figures.push(
        figure({
          workload: w,
          name: `rounds' spread of ${what}${wsafe.how}, ${wsafe.name} (highest − lowest round ÷ median)`,
          value,
          unit: "%",
          peer: label(p, tailGoal.peer),
          peerValue,
          goal: "≤ peer's",
          met: value <= peerValue * tailGoal.maxSpread,
        }),
      );
    }
  }
  if (p.bareHttps) {
    figures.push(
      figure({
        workload: w,
        name: `resources.list p50 latency${wsafe.how}, ${wsafe.name}`,
        value: micros(wsafe.summary, "p50"),
        unit: "µs",
        peer: label(p, "bareHttps"),
        peerValue: micros(p.bareHttps, "p50"),
      }),
    );
  }
  return figures;
}
