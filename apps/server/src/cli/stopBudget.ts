/**
 * Kept, of a stop's whole deadline (`--shutdown-timeout`), for what follows the requests
 * in flight: the background loops, the store's close (PGlite's took up to 0.2 s here),
 * the last log lines. A quarter of the deadline when that is less.
 */
const AFTER_REQUESTS_MS = 2_000;
/** The longest a stop waits for its last log lines to be read. */
const LOG_WAIT_MS = 1_000;
/** How long before the deadline the wait for the log gives up, so that a clean stop exits as one. */
const LOG_WAIT_MARGIN_MS = 250;

/**
 * How long in-flight requests get after a stop begins (the server's `shutdownTimeoutMs`):
 * all of `--shutdown-timeout` but its last 2 s (its last quarter, when shorter than 8 s),
 * so that the process closes its store and ends within the timeout.
 *
 * @param timeoutSeconds - `--shutdown-timeout`
 * @example
 * requestsDeadlineMs(30); // 28000
 * requestsDeadlineMs(2); // 1500
 */
export function requestsDeadlineMs(timeoutSeconds: number): number {
  const totalMs = timeoutSeconds * 1000;
  return totalMs - Math.min(AFTER_REQUESTS_MS, totalMs / 4);
}

/**
 * How long a finished stop may wait for stdout's reader to take the last log lines: at
 * most a second, and never up to the deadline, where the stop would count as failed for
 * a reader that stopped reading.
 *
 * @param deadline - the stop's deadline, a `performance.now()` instant
 */
export function logWaitMs(deadline: number): number {
  return Math.max(0, Math.min(LOG_WAIT_MS, deadline - performance.now() - LOG_WAIT_MARGIN_MS));
}
