/** What stands for a page's `next_cursor` when two answers are compared. */
export const maskedCursor = "<next_cursor>";

/**
 * A success body as JSON text with its page's `next_cursor` masked: a cursor holds the
 * instant of the request that started the walk (so every page of it is read at one
 * instant), and two requests a millisecond apart differ there and nowhere else. The
 * rest of the text, key order included, is kept. Whether each cursor leads on is a
 * test of its own.
 *
 * @param body - the parsed body (a `/trpc` output, or `/v1`'s body parsed)
 * @returns the body's JSON text, compact, cursor masked; and the cursor, if one leads on
 */
export function maskCursor(body: unknown): { text: string; cursor: string | undefined } {
  const metadata = (body as { response_metadata?: { next_cursor?: string } } | undefined)?.response_metadata;
  const cursor = metadata?.next_cursor;
  // No cursor, or "" after the last page: nothing that differs, nothing to follow.
  if (!cursor) return { text: JSON.stringify(body), cursor: undefined };
  const masked = { ...(body as object), response_metadata: { ...metadata, next_cursor: maskedCursor } };
  return { text: JSON.stringify(masked), cursor };
}
