import { requestsDeadlineMs } from "./stopBudget.js";

/**
 * What `wsafe serve` says on stderr when a stop begins, for one process (`workers`
 * absent) or for the primary of `--workers`.
 *
 * @param reason - what began it: `SIGTERM`, `SIGINT`, `startup failed`
 * @param timeoutSeconds - `--shutdown-timeout`
 * @param workers - how many workers the primary stops
 * @example
 * stopBeginsLine("SIGTERM", 30);
 * // SIGTERM: finishing in-flight requests (at most 28 s; the process ends within 30 s)
 */
export function stopBeginsLine(reason: string, timeoutSeconds: number, workers?: number): string {
  const bounds = `at most ${requestsDeadlineMs(timeoutSeconds) / 1000} s; the process ends within ${timeoutSeconds} s`;
  return workers === undefined
    ? `${reason}: finishing in-flight requests (${bounds})`
    : `${reason}: stopping ${workers} workers, each finishing its in-flight requests (${bounds})`;
}

/**
 * What `wsafe serve` says on stderr when a stop begins before it is ready: the start ends
 * after the step under way, and what has started stops.
 *
 * @param reason - what began it: `SIGTERM`, `SIGINT`
 * @param timeoutSeconds - `--shutdown-timeout`
 * @example
 * startStopsLine("SIGTERM", 30);
 * // SIGTERM while starting: stopping what has started, serving nothing (the process ends within 30 s)
 */
export function startStopsLine(reason: string, timeoutSeconds: number): string {
  return `${reason} while starting: stopping what has started, serving nothing (the process ends within ${timeoutSeconds} s)`;
}

/**
 * What it says when a second SIGTERM or SIGINT cuts the stop short (exit code 1).
 *
 * @param signal - the signal
 */
export function secondSignalLine(signal: string): string {
  return `wsafe: second ${signal}: stopping at once, cutting what was still running`;
}

/**
 * What it says when the stop is still under way at `--shutdown-timeout` (exit code 1).
 *
 * @param timeoutSeconds - `--shutdown-timeout`
 */
export function stopOverranLine(timeoutSeconds: number): string {
  return (
    `wsafe: the stop did not end within --shutdown-timeout (${timeoutSeconds} s): exiting now, cutting what was still running ` +
    "(the JSON log names the requests it cut; a longer --shutdown-timeout gives them more time)"
  );
}
