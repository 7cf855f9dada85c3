/** The percentiles of a round's latencies the bench keeps (nearest rank, in µs). */
export const latencyPercentiles = [50, 90, 99, 99.9];

/**
 * The latency figures of one round from every response's own time, in microseconds:
 * nearest-rank percentiles (each one of the samples, never interpolated), the mean,
 * min and max. Percentile keys follow autocannon's (`p99`, `p99_9`).
 *
 * @param {Float64Array} micros - each response's time in µs, any order (not modified)
 * @returns {{ samples: number, mean: number, min: number, max: number } & Record<string, number>}
 * @example
 * latencySummary(Float64Array.from([300, 100, 200, 900]));
 * // { samples: 4, mean: 375, min: 100, max: 900, p50: 200, p90: 900, p99: 900, p99_9: 900 }
 */
export function latencySummary(micros) {
  const sorted = Float64Array.from(micros).sort();
  const n = sorted.length;
  /** @type {Record<string, number>} */
  const figures = { samples: n, mean: Number.NaN, min: Number.NaN, max: Number.NaN };
  for (const p of latencyPercentiles) figures[percentileKey(p)] = Number.NaN;
  if (n === 0) return /** @type {any} */ (figures);
  let sum = 0;
  for (const value of sorted) sum += value;
  figures.mean = round1(sum / n);
  figures.min = round1(sorted[0]);
  figures.max = round1(sorted[n - 1]);
  for (const p of latencyPercentiles) {
    const rank = Math.ceil((p / 100) * n);
    figures[percentileKey(p)] = round1(sorted[Math.max(0, rank - 1)]);
  }
  return /** @type {any} */ (figures);
}

/**
 * The responses of a round in slices of time, to see what ticks: for each slice of
 * `sliceMs` (by when the response ended) how many responses ended and the slowest.
 * A periodic stall shows as slices with fewer responses and a long slowest one.
 *
 * @param {Float64Array} endedAtMs - when each response ended, in ms from any origin
 * @param {Float64Array} micros - each response's time in µs, same order
 * @param {number} sliceMs
 * @returns {{ sliceMs: number, requests: number[], maxMicros: number[] }}
 */
export function timelineOf(endedAtMs, micros, sliceMs) {
  /** @type {number[]} */
  const requests = [];
  /** @type {number[]} */
  const maxMicros = [];
  const first = endedAtMs.length > 0 ? endedAtMs[0] : 0;
  for (let i = 0; i < endedAtMs.length; i++) {
    const slice = Math.floor((endedAtMs[i] - first) / sliceMs);
    while (requests.length <= slice) {
      requests.push(0);
      maxMicros.push(0);
    }
    requests[slice]++;
    if (micros[i] > maxMicros[slice]) maxMicros[slice] = Math.round(micros[i]);
  }
  return { sliceMs, requests, maxMicros };
}

/** @param {number} p */
export function percentileKey(p) {
  return `p${String(p).replace(".", "_")}`;
}

/** @param {number} value */
function round1(value) {
  return Math.round(value * 10) / 10;
}
