import { startExitWatchdog } from "./exitWatchdog.js";
import { secondSignalLine, stopOverranLine } from "./stopLines.js";

/**
 * How long after the stop's deadline the watchdog thread kills a process whose main
 * thread could not exit by itself. It exits at the deadline when it can, which is always
 * but for a blocked thread.
 */
const WATCHDOG_GRACE_MS = 500;

/**
 * A signal this soon after the one that began the stop is that same signal passed on:
 * a terminal's Ctrl-C reaches the whole process group, and a wrapper such as `npm start`
 * passes its own copy on a few milliseconds later. It does not cut the stop short.
 */
const SAME_SIGNAL_WITHIN_MS = 1_000;

/** What a stop does, for {@link stopOnSignals}. */
export interface StopPlan {
  /**
   * Stops gracefully, done by `deadline` (a `performance.now()` instant); resolves with
   * the exit code: 0 for a clean stop.
   */
  stop(reason: string, deadline: number): Promise<number>;
  /** Ends at once what the stop left running, just before the process exits cut short. */
  abandon?(): void;
}

/**
 * Stops the process on the first SIGTERM or SIGINT with `plan.stop`, then exits with the
 * code it gives. However the stop goes, the process ends within `timeoutSeconds`
 * (`--shutdown-timeout`): at the deadline it exits 1, naming the limit, whatever is still
 * pending; and should its main thread be unable to run even that (blocked), a thread of
 * its own kills it half a second later. A second SIGTERM or SIGINT, a second or more after
 * the first, ends the process at once, exit code 1.
 *
 * @param plan - the stop itself
 * @param timeoutSeconds - the whole stop's deadline (`--shutdown-timeout`)
 * @returns the stop, for other reasons to stop (its argument names the reason); when one
 *   is under way already it does nothing
 * @example
 * stopOnSignals(serverStopPlan(server, 30), 30);
 */
export function stopOnSignals(plan: StopPlan, timeoutSeconds: number): (reason: string) => void {
  let began: number | undefined;
  let watchdog: ReturnType<typeof startExitWatchdog> | undefined;
  const exit = (code: number) => {
    watchdog?.killAfter(WATCHDOG_GRACE_MS);
    process.exit(code);
  };
  const cutShort = (line: string) => {
    // console.error, not a plain write: it ignores a stderr whose reader is gone.
    console.error(line);
    plan.abandon?.();
    exit(1);
  };
  const stop = (reason: string) => {
    if (began !== undefined) return;
    began = performance.now();
    const timeoutMs = timeoutSeconds * 1000;
    watchdog = startExitWatchdog(timeoutMs + WATCHDOG_GRACE_MS);
    setTimeout(() => cutShort(stopOverranLine(timeoutSeconds)), timeoutMs).unref();
    plan.stop(reason, began + timeoutMs).then(exit, (error: Error) => {
      console.error(`wsafe: error while stopping: ${error.message}`);
      exit(1);
    });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (began === undefined) return stop(signal);
    if (performance.now() - began < SAME_SIGNAL_WITHIN_MS) return;
    cutShort(secondSignalLine(signal));
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return stop;
}
