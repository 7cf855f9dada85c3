/** Reads `Retry-After` as whole seconds; undefined when absent or not a number of seconds. */
export function parseRetryAfter(header: string | null): number | undefined {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}
