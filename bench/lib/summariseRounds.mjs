import { autocannonPercentiles, median } from "./percentiles.mjs";

/**
 * Combines the rounds of one target: requests/s is the median round; each latency
 * percentile the median of that percentile over the rounds; the server's CPU µs per
 * request (when the rounds read it, see `loadRounds.mjs`) the median round's. Where the
 * rounds kept every response's own time (`loadClient.mjs`), `p50Micros` and
 * `p99Micros` are the medians of the rounds' percentiles in µs, and `p50`/`p99` (ms)
 * come from them rather than from autocannon's whole-millisecond histogram, as do the
 * `percentiles` of the latency chart. `spread`
 * says how far the rounds stray: the lowest and highest round of req/s and of p99, and
 * (highest − lowest) ÷ median of each.
 *
 * @param {any[]} rounds - autocannon results
 */
export function summariseRounds(rounds) {
  // Every response's own time where the rounds kept it (in ms, from µs), else autocannon's histogram.
  const curves = rounds.map((r) =>
    r.latencyMicros ? microsPercentiles(r.latencyMicros) : autocannonPercentiles(r.latency),
  );
  const percentiles = curves[0].map((point, i) => ({
    p: point.p,
    value: median(curves.map((c) => c[i].value)),
  }));
  const at = (/** @type {number} */ p) => percentiles.find((point) => point.p === p)?.value ?? Number.NaN;
  const rates = rounds.map((r) => r.requests.average);
  const micros = rounds.every((r) => r.latencyMicros) ? rounds.map((r) => r.latencyMicros) : undefined;
  const roundsP99Micros = micros?.map((m) => m.p99);
  const p50Micros = micros ? median(micros.map((m) => m.p50)) : undefined;
  const p99Micros = roundsP99Micros ? median(roundsP99Micros) : undefined;
  return {
    requestsPerSecond: median(rates),
    roundsRequestsPerSecond: rates,
    ...(rounds.every((r) => Number.isFinite(r.cpuMicrosPerRequest))
      ? {
          cpuMicrosPerRequest: median(rounds.map((r) => r.cpuMicrosPerRequest)),
          roundsCpuMicrosPerRequest: rounds.map((r) => r.cpuMicrosPerRequest),
        }
      : {}),
    p50: p50Micros === undefined ? at(50) : p50Micros / 1000,
    p99: p99Micros === undefined ? at(99) : p99Micros / 1000,
    ...(micros ? { p50Micros, p99Micros, roundsP99Micros } : {}),
    spread: {
      requestsPerSecond: spreadOf(rates),
      ...(roundsP99Micros ? { p99Micros: spreadOf(roundsP99Micros) } : {}),
    },
    ...(rounds.every((r) => r.server) ? { roundsServer: rounds.map((r) => r.server) } : {}),
    percentiles,
    errors: rounds.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    requests: rounds.reduce((sum, r) => sum + r.requests.total, 0),
  };
}

/**
 * How far a list of rounds' figures strays: its lowest and highest, and their
 * difference as a share of the median (0.2: the rounds span a fifth of the median).
 *
 * @param {readonly number[]} values
 * @returns {{ min: number, max: number, relative: number }}
 * @example
 * spreadOf([100, 90, 110]); // { min: 90, max: 110, relative: 0.2 }
 */
export function spreadOf(values) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { min, max, relative: (max - min) / median(values) };
}

/**
 * A round's latency curve in ms from its µs figures (`latencySamples.mjs`): min, p50,
 * p90, p99, p99.9, max.
 *
 * @param {Record<string, number>} micros
 * @returns {{ p: number, value: number }[]}
 */
function microsPercentiles(micros) {
  return [
    [0, micros.min],
    [50, micros.p50],
    [90, micros.p90],
    [99, micros.p99],
    [99.9, micros.p99_9],
    [100, micros.max],
  ].map(([p, value]) => ({ p, value: value / 1000 }));
}
