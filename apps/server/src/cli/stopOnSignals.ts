import { ShutdownTimeoutError } from "../server/ShutdownTimeoutError.js";
import { say } from "./say.js";

/** How long past its stop deadline the process waits for the stop itself before it exits anyway. */
const STOP_GRACE_MS = 5_000;

/**
 * Stops the process gracefully on the first SIGTERM or SIGINT: `close` finishes what is
 * in flight, then the process exits 0, or 1 when the stop overran or failed. Whatever
 * holds the stop itself up (a store that never closes, a stuck write), the process
 * still ends shortly after the deadline.
 *
 * @param close - stops the server; rejects with `ShutdownTimeoutError` past the deadline
 * @param timeoutSeconds - the stop deadline (`--shutdown-timeout`)
 * @param options - `announce: false` leaves out the line saying the stop began (a
 *   worker's primary says it once for all)
 * @returns the stop itself, for other reasons to stop (its argument names the reason)
 */
export function stopOnSignals(
  close: () => Promise<void>,
  timeoutSeconds: number,
  { announce = true }: { announce?: boolean } = {},
): (reason: string) => void {
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    if (announce) say(`${reason}: finishing in-flight requests (at most ${timeoutSeconds} s)`);
    setTimeout(
      () => {
        console.error(`wsafe: still stopping ${STOP_GRACE_MS / 1000} s after the stop deadline; exiting`);
        process.exit(1);
      },
      timeoutSeconds * 1000 + STOP_GRACE_MS,
    ).unref();
    close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(
          `wsafe: ${error instanceof ShutdownTimeoutError ? "" : "error while stopping: "}${error.message}`,
        );
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return stop;
}
