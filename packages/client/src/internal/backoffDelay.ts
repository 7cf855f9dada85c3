/**
 * The wait before retry number `retry` (1 for the first): exponential from `minDelayMs`,
 * capped at `maxDelayMs`, jittered to 50-100 % so that clients that failed together do
 * not come back together.
 *
 * @example
 * backoffDelay(3, 250, 30_000); // 500-1000
 */
export function backoffDelay(
  retry: number,
  minDelayMs: number,
  maxDelayMs: number,
  random = Math.random,
): number {
  const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}
