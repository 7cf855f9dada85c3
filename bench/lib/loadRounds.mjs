import { autocannon } from "./autocannon.mjs";
import { pinProcess } from "./cpuPinning.mjs";
import { progress } from "./log.mjs";
import { clockTicksPerSecond, cpuMicrosPerRequest, readCpuTicks } from "./procCpu.mjs";

/**
 * @typedef {object} LoadTarget
 * @property {string} url - the server's base URL
 * @property {number} pid - its process, whose CPU time is read
 * @property {(message: object, reply: string) => Promise<any>} [ask] - a child server's
 *   IPC (`childIpc.mjs`): asked for its heap and collections around each round
 */

/**
 * Loads each target in rounds that take turns (target A, B, C, then A, B, C again...),
 * after a warm-up of each, and reads the server's CPU time from `/proc/<pid>/stat` around
 * every round. With a pinned plan every server runs on `serverCpus` and autocannon on
 * `loadCpus` (the steady method); without, both are left to the scheduler and the
 * servers are let run on every CPU again. Returns autocannon's results, each with
 * `cpuMicrosPerRequest` added: the server's CPU µs per answered request in that round,
 * and (from a child server) `server`: its heap after the round, and the collections and
 * their pause time during it.
 *
 * @param {{
 *   label: string,
 *   targets: Record<string, LoadTarget>,
 *   path: string,
 *   body: string,
 *   connections: number,
 *   seconds: number,
 *   rounds: number,
 *   warmupSeconds: number,
 *   plan: import("./cpuPinning.mjs").PinningPlan,
 *   pinned: boolean,
 *   around?: (name: string, round: number, work: () => Promise<any>) => Promise<any>,
 * }} options - `pinned`: use the plan's CPUs (when the plan can pin); `around` wraps a
 *   round, e.g. to profile it
 * @returns {Promise<Record<string, any[]>>}
 */
export async function runLoadRounds({
  label,
  targets,
  path,
  body,
  connections,
  seconds,
  rounds,
  warmupSeconds,
  plan,
  pinned,
  around = (_name, _round, work) => work(),
}) {
  const pin = pinned && plan.pinned;
  if (plan.pinned) {
    for (const target of Object.values(targets)) pinProcess(target.pid, pin ? plan.serverCpus : plan.allCpus);
  }
  const cpus = pin ? plan.loadCpus : undefined;
  const ticksPerSecond = clockTicksPerSecond();
  /** @type {Record<string, any[]>} */
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (const [name, target] of warmupSeconds > 0 ? Object.entries(targets) : []) {
    progress(`${label}: warming up ${name} for ${warmupSeconds} s`);
    await autocannon({ url: `${target.url}${path}`, body, connections, seconds: warmupSeconds, cpus });
  }
  for (let round = 1; round <= rounds; round++) {
    for (const [name, target] of Object.entries(targets)) {
      const statsBefore = await target.ask?.({ type: "stats" }, "stats");
      const beforeTicks = readCpuTicks(target.pid);
      const result = await around(name, round, () =>
        autocannon({ url: `${target.url}${path}`, body, connections, seconds, cpus }),
      );
      const afterTicks = readCpuTicks(target.pid);
      const statsAfter = await target.ask?.({ type: "stats" }, "stats");
      if (statsBefore && statsAfter) result.server = roundServerStats(statsBefore, statsAfter);
      result.cpuMicrosPerRequest = cpuMicrosPerRequest({
        beforeTicks,
        afterTicks,
        requests: result.requests.total,
        ticksPerSecond,
      });
      results[name].push(result);
      progress(`${label}: round ${round}/${rounds} ${roundLine(name, result)}`);
    }
  }
  return results;
}

/**
 * A round's line: rate, CPU per request, latency in µs, and (from a child server) the
 * heap after the round and the collections in it.
 *
 * @param {string} name
 * @param {any} result
 */
export function roundLine(name, result) {
  const micros = result.latencyMicros;
  const latency = micros
    ? `p50 ${Math.round(micros.p50)} µs, p99 ${Math.round(micros.p99)} µs`
    : `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;
  const server = result.server
    ? `, heap ${(result.server.heapUsedAfter / 2 ** 20).toFixed(1)} MB, ${result.server.gcCount} GCs ${result.server.gcMs.toFixed(0)} ms (${result.server.majorCount} major)`
    : "";
  return `${name.padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} req/s, ${result.cpuMicrosPerRequest.toFixed(1).padStart(5)} µs CPU/req, ${latency}${server}`;
}

/**
 * What changed in a server over a round, from its stats before and after.
 *
 * @param {any} before - `childIpc.mjs`'s stats
 * @param {any} after
 */
export function roundServerStats(before, after) {
  return {
    heapUsedAfter: after.heapUsed,
    heapTotalAfter: after.heapTotal,
    rssAfter: after.rss,
    gcCount: after.gc.count - before.gc.count,
    gcMs: after.gc.ms - before.gc.ms,
    majorCount: after.gc.majorCount - before.gc.majorCount,
    majorMs: after.gc.majorMs - before.gc.majorMs,
  };
}
