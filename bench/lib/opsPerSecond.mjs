import { median } from "./percentiles.mjs";

/**
 * Measures how many times per second each of several functions runs, taking turns
 * (A, B, A, B, ...) so that a slow moment of the machine hits every contender alike;
 * each contender's figure is the median of its rounds.
 *
 * @param {Record<string, () => unknown>} contenders
 * @param {{ rounds: number, roundMs: number }} options
 * @returns {Record<string, { opsPerSecond: number, rounds: number[] }>}
 */
export function opsPerSecond(contenders, { rounds, roundMs }) {
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  // One untimed call each, so compilation and first-use costs stay out of the figures.
  for (const fn of Object.values(contenders)) fn();
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      let count = 0;
      const start = performance.now();
      let elapsed = 0;
      do {
        fn();
        count++;
        elapsed = performance.now() - start;
      } while (elapsed < roundMs);
      samples[name].push((count * 1000) / elapsed);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [name, { opsPerSecond: median(list), rounds: list }]),
  );
}
