/**
 * Percentiles of a list of samples by the nearest-rank method: the value below which
 * `p` per cent of the samples fall, always one of the samples themselves, so that a
 * handful of timed requests is reported as measured rather than interpolated.
 *
 * @param {readonly number[]} samples - any order; not modified
 * @param {readonly number[]} ps - percentiles in [0, 100]
 * @returns {{ p: number, value: number }[]} one entry per requested percentile
 */
export function percentiles(samples, ps) {
  if (samples.length === 0) return ps.map((p) => ({ p, value: Number.NaN }));
  const sorted = [...samples].sort((a, b) => a - b);
  return ps.map((p) => {
    const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length);
    return { p, value: sorted[Math.max(0, rank - 1)] };
  });
}

/**
 * The median of the samples (nearest rank, see {@link percentiles}).
 *
 * @param {readonly number[]} samples
 */
export function median(samples) {
  return percentiles(samples, [50])[0].value;
}

/**
 * Reads the latency percentiles out of an autocannon result (`p2_5`, `p99_9`, ...),
 * sorted by percentile, as points of a percentile curve.
 *
 * @param {Record<string, unknown>} latency - the `latency` object of `autocannon --json`
 * @returns {{ p: number, value: number }[]}
 */
export function autocannonPercentiles(latency) {
  const points = [];
  for (const [key, value] of Object.entries(latency)) {
    const match = /^p(\d+)(?:_(\d+))?$/.exec(key);
    if (!match || typeof value !== "number") continue;
    points.push({ p: Number(`${match[1]}.${match[2] ?? "0"}`), value });
  }
  if (typeof latency.min === "number") points.push({ p: 0, value: latency.min });
  if (typeof latency.max === "number") points.push({ p: 100, value: latency.max });
  return points.sort((a, b) => a.p - b.p);
}
