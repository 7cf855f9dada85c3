import { autocannonPercentiles, median } from "./percentiles.mjs";

/**
 * Combines the rounds of one target: requests/s is the median round; each latency
 * percentile the median of that percentile over the rounds; the server's CPU µs per
 * request (when the rounds read it, see `loadRounds.mjs`) the median round's.
 *
 * @param {any[]} rounds - autocannon results
 */
export function summariseRounds(rounds) {
  const curves = rounds.map((r) => autocannonPercentiles(r.latency));
  const percentiles = curves[0].map((point, i) => ({
    p: point.p,
    value: median(curves.map((c) => c[i].value)),
  }));
  const at = (/** @type {number} */ p) => percentiles.find((point) => point.p === p)?.value ?? Number.NaN;
  return {
    requestsPerSecond: median(rounds.map((r) => r.requests.average)),
    roundsRequestsPerSecond: rounds.map((r) => r.requests.average),
    ...(rounds.every((r) => Number.isFinite(r.cpuMicrosPerRequest))
      ? {
          cpuMicrosPerRequest: median(rounds.map((r) => r.cpuMicrosPerRequest)),
          roundsCpuMicrosPerRequest: rounds.map((r) => r.cpuMicrosPerRequest),
        }
      : {}),
    p50: at(50),
    p99: at(99),
    percentiles,
    errors: rounds.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    requests: rounds.reduce((sum, r) => sum + r.requests.total, 0),
  };
}
