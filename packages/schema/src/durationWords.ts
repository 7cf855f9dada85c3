const units = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
  ["millisecond", 1],
] as const;

/**
 * A duration in words, in the largest unit that divides it: what an operator configured
 * (`--events-retention 2h`) said back as they wrote it, `2 hours`, where dividing by a
 * day said `0.08 days` (and 5 minutes, `0 days`).
 *
 * @param ms - a whole number of milliseconds
 * @example
 * durationWords(90 * 86_400_000); // "90 days"
 * durationWords(36 * 3_600_000); // "36 hours"
 * durationWords(60_000); // "1 minute"
 */
export function durationWords(ms: number): string {
  const [name, size] = units.find(([, size]) => ms !== 0 && ms % size === 0) ?? ["millisecond", 1];
  const count = ms / size;
  return `${count} ${name}${count === 1 ? "" : "s"}`;
}
