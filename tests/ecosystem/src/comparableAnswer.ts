/**
 * An answer body as two answers to the same request share it: a page's `next_cursor`
 * carries the instant its walk started and its signature, so each answer has its own;
 * it becomes `"<cursor>"` (an empty one, after the last page, stays `""`).
 *
 * @param body - a parsed answer body
 * @example
 * comparableAnswer({ ok: true, response_metadata: { next_cursor: "v1.abc" } });
 * // { ok: true, response_metadata: { next_cursor: "<cursor>" } }
 */
export function comparableAnswer(body: unknown): unknown {
  if (!body || typeof body !== "object" || !("response_metadata" in body)) return body;
  const { response_metadata: metadata, ...rest } = body as { response_metadata: Record<string, unknown> };
  const cursor = metadata?.next_cursor;
  return {
    ...rest,
    response_metadata: {
      ...metadata,
      ...(typeof cursor === "string" && cursor !== "" ? { next_cursor: "<cursor>" } : {}),
    },
  };
}
