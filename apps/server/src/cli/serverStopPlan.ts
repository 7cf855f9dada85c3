import { stdoutLogWritten } from "../http/stdoutLog.js";
import type { RunningServer } from "../server/ServerOptions.js";
import { ShutdownTimeoutError } from "../server/ShutdownTimeoutError.js";
import { say } from "./say.js";
import { logWaitMs } from "./stopBudget.js";
import { stopBeginsLine } from "./stopLines.js";
import type { StopPlan } from "./stopOnSignals.js";

/**
 * The stop of one server process, for {@link stopOnSignals}: `server.close()` (in-flight
 * requests finish or are cut at their deadline, the store closes), then at most a second
 * for stdout's reader to take the last log lines. Exit code 0 when the server closed
 * cleanly, whatever happened to the log; 1 when requests were cut or the close failed.
 *
 * @param server - the running server
 * @param timeoutSeconds - `--shutdown-timeout`, named in the line that says the stop began
 * @param options - `announce: false` leaves that line out (a worker's primary says it once for all)
 */
export function serverStopPlan(
  server: Pick<RunningServer, "close">,
  timeoutSeconds: number,
  { announce = true }: { announce?: boolean } = {},
): StopPlan {
  return {
    async stop(reason, deadline) {
      if (announce) say(stopBeginsLine(reason, timeoutSeconds));
      let code = 0;
      try {
        await server.close();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(
          `wsafe: ${error instanceof ShutdownTimeoutError ? "" : "error while stopping: "}${message}`,
        );
        code = 1;
      }
      await stdoutLogWritten(logWaitMs(deadline));
      return code;
    },
  };
}
