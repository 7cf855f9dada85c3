/**
 * The description of `server_error`: it names only the request id under which the
 * cause is logged, never the cause itself (no stack trace, SQL or path reaches a
 * caller). `/v1`'s envelope and a `/trpc` error's `message` both say it.
 *
 * @param requestId - the request's id, as its `SVC-Request-ID` header carries it
 * @example
 * serverErrorDescription("a1b2"); // "internal error; quote request id a1b2"
 */
export function serverErrorDescription(requestId: string): string {
  return `internal error; quote request id ${requestId}`;
}
