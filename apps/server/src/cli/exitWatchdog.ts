import { Worker } from "node:worker_threads";

// CommonJS, as an eval'd worker is: it only waits, then kills the whole process.
const watchdogSource = `
const { parentPort, workerData } = require("node:worker_threads");
const kill = () => process.kill(workerData.pid, "SIGKILL");
let timer = setTimeout(kill, workerData.afterMs);
parentPort.on("message", (afterMs) => {
  if (afterMs >= workerData.afterMs) return;
  clearTimeout(timer);
  timer = setTimeout(kill, afterMs);
});
`;

/** A thread that kills its process (SIGKILL) at a deadline, see {@link startExitWatchdog}. */
export interface ExitWatchdog {
  /**
   * Brings the kill forward to `ms` from now (never later than it was set), for a
   * process that is exiting now and must not hang in its exit.
   */
  killAfter(ms: number): void;
}

/**
 * Starts a thread of its own that sends SIGKILL to this process `afterMs` from now,
 * unless the process has ended by then: the last resort of a stop, for when the main
 * thread cannot run its own deadline (a blocked write, a blocking loop, an exit hook that
 * never returns). A timer on the main thread cannot: it only fires when that thread is
 * free. The thread never keeps the process alive.
 *
 * @param afterMs - when to kill the process if it still runs
 * @example
 * const watchdog = startExitWatchdog(30_500);
 * // ... the stop; then, about to exit:
 * watchdog.killAfter(500);
 * process.exit(0);
 */
export function startExitWatchdog(afterMs: number): ExitWatchdog {
  let worker: Worker | undefined;
  try {
    // Node's flags are the process's own business (`--input-type=module` would make this
    // source ESM, where `require` is missing, `--cpu-prof` profile this thread too).
    worker = new Worker(watchdogSource, {
      eval: true,
      execArgv: [],
      workerData: { pid: process.pid, afterMs },
    });
    worker.unref();
    // A thread that cannot start leaves the main thread's own deadline in charge.
    worker.on("error", () => {});
  } catch {
    worker = undefined;
  }
  return {
    killAfter(ms) {
      worker?.postMessage(ms);
    },
  };
}
