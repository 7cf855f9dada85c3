import type { StoreFault } from "../store/database/storeFault.js";

/**
 * What a caller can do when the store cannot be used: the cause in a few words, and that
 * the request can be sent again. A write sent again with its `idempotency_key` is done
 * once and answered as the first that succeeded, so retrying is safe.
 */
const storeFaultWords: Record<StoreFault, string> = {
  disk_full:
    "the store could not write: its disk is full, and nothing was written. Retry the request once space is freed: a write retried with its idempotency_key is done once, and answered the same",
  unreachable:
    "the store could not be reached: the database is unreachable or restarting. Retry the request in a few seconds: a write retried with its idempotency_key is done once, and answered the same",
};

/**
 * The description of `server_error`: it names the request id under which the cause is
 * logged, never the cause itself (no stack trace, SQL or path reaches a caller). A
 * store that cannot be used right now is said in words, with what to do; `/v1`'s
 * envelope and a `/trpc` error's `message` both say it.
 *
 * @param requestId - the request's id, as its `SVC-Request-ID` header carries it
 * @param fault - the store's fault, when that is what failed
 * @example
 * serverErrorDescription("a1b2"); // "internal error; quote request id a1b2"
 * serverErrorDescription("a1b2", "disk_full"); // "the store could not write: its disk is full, ...; request id a1b2"
 */
export function serverErrorDescription(requestId: string, fault?: StoreFault): string {
  if (fault !== undefined) return `${storeFaultWords[fault]}; request id ${requestId}`;
  return `internal error; quote request id ${requestId}`;
}
