const units = [
  ["d", 86_400_000],
  ["h", 3_600_000],
  ["m", 60_000],
  ["s", 1000],
] as const;

/**
 * A duration as the server's flags write it (`5d`, `36h`, `30m`, `45s`), in the largest
 * unit that holds it whole; otherwise in milliseconds (`1500 ms`).
 *
 * @param ms - a duration in milliseconds
 * @example
 * formatDuration(5 * 86_400_000); // "5d"
 */
export function formatDuration(ms: number): string {
  const unit = units.find(([, size]) => ms > 0 && ms % size === 0);
  return unit ? `${ms / unit[1]}${unit[0]}` : `${ms} ms`;
}
