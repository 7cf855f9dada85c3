/**
 * A decoded /v1 body: a JSON object with boolean `ok`; a failure also has a string `error`.
 *
 * @example
 * const failure: Envelope = { ok: false, error: "token_invalid" };
 */
export type Envelope =
  | { ok: true; [key: string]: unknown }
  | { ok: false; error: string; description?: unknown };

/**
 * Decodes a reply body, or returns undefined when it is not the /v1 envelope: not JSON
 * (a proxy's HTML page, an empty or truncated body), or JSON of another shape.
 *
 * @example
 * parseEnvelope("<html>502</html>"); // undefined
 */
export function parseEnvelope(text: string): Envelope | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: `body` stays undefined, which the next line refuses.
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { ok, error } = body as { ok?: unknown; error?: unknown };
  if (ok === true || (ok === false && typeof error === "string")) return body as Envelope;
  return undefined;
}
