/**
 * What a description must never show (SECURITY.md, "Defences, and where they are tested"): a stack trace, SQL or a driver's
 * words, a file path, a secret, another account's data. Each pattern is named so a
 * failure says what leaked.
 */
const internals: [string, RegExp][] = [
  ["stack trace", /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|node:internal|\bat async\b/],
  ["JS error class", /\b(TypeError|RangeError|ReferenceError|SyntaxError|AggregateError)\b/],
  [
    "SQL",
    /\b(SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WHERE\s+\w+\s*=|json_agg|jsonb?_build_object)\b/i,
  ],
  [
    "database words",
    /relation\s+"|syntax error at|violates|duplicate key|pg_|PGlite|postgres|ECONNREFUSED|ECONNRESET|terminating connection|Connection terminated/i,
  ],
  [
    "file path",
    /(^|[\s"'(=])\/(work|home|usr|tmp|var|etc|opt|root|srv)\/|node_modules|\.(ts|js|mjs|cjs):\d+|[A-Za-z]:\\/,
  ],
  ["redis words", /ioredis|MaxRetriesPerRequest|READONLY|WRONGTYPE/i],
];

/**
 * Names every leak in `text`. A fragment that the caller itself sent (echoed in an
 * "unexpected parameter: ..." description, say) is not a leak, so each match is checked
 * against the request's own text first.
 *
 * @param text - a description or a log line
 * @param secrets - `never`: strings that must not appear even when the caller sent them
 *   (plain tokens); `foreign`: other tenants' data, which may only be echoed back
 * @param requestText - what the caller sent, decoded as far as possible
 */
export function findLeaks(
  text: string,
  secrets: { never?: readonly string[]; foreign?: readonly string[] },
  requestText = "",
): string[] {
  const found: string[] = [];
  const sent = requestText.toLowerCase();
  for (const [name, pattern] of internals) {
    const match = pattern.exec(text);
    if (match && !sent.includes(match[0].trim().toLowerCase()))
      found.push(`${name}: ${JSON.stringify(match[0])}`);
  }
  for (const secret of secrets.never ?? []) {
    if (text.includes(secret)) found.push(`secret: ${secret.slice(0, 12)}...`);
  }
  for (const foreign of secrets.foreign ?? []) {
    if (text.includes(foreign) && !requestText.includes(foreign))
      found.push(`another account's data: ${foreign}`);
  }
  return found;
}
