/**
 * Reads `Retry-After` as whole seconds; undefined when absent or not a number of seconds
 * (the HTTP-date form is not used by /v1).
 *
 * @example
 * parseRetryAfter(response.headers.get("retry-after")); // 2
 */
export function parseRetryAfter(header: string | null): number | undefined {
  // An absent header reads "null", which is no number of seconds.
  if (!/^\s*\d+\s*$/.test(String(header))) return undefined;
  return Number(header);
}
