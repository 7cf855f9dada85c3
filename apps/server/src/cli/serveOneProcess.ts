import { stdoutLogWritten } from "../http/stdoutLog.js";
import type { RunningServer } from "../server/ServerOptions.js";
import { startServer } from "../server/startServer.js";
import { cannotStart } from "./cannotStart.js";
import type { CreatedPaths } from "./createdPaths.js";
import { certificateLine, printReady } from "./readyLines.js";
import { reloadTlsOnHangup } from "./reloadTlsOnHangup.js";
import type { ServeConfig } from "./resolveServeConfig.js";
import { say } from "./say.js";
import { serverStopPlan } from "./serverStopPlan.js";
import { logWaitMs } from "./stopBudget.js";
import { startStopsLine } from "./stopLines.js";
import { type StopPlan, stopOnSignals } from "./stopOnSignals.js";

/**
 * `wsafe serve` in one process: starts the server (with its own metrics listener when
 * `--metrics-port` is given), prints the readiness line, stops on SIGTERM/SIGINT within
 * `--shutdown-timeout` (a second signal ends it at once) and reloads
 * `--tls-cert`/`--tls-key` on SIGHUP. A stop signal while it starts ends the start after
 * the step under way: what has started stops in reverse, no readiness line is printed,
 * and the process exits 0.
 *
 * @param config - the resolved `serve` options
 * @param created - what this command made (store, certificate), removed when it cannot start
 */
export async function serveOneProcess(config: ServeConfig, created: CreatedPaths): Promise<void> {
  // The signals are taken over before anything starts or is printed: a supervisor may stop
  // the server while it starts, or the moment it reads the readiness line, and a signal
  // that finds no handler takes its default action (the process killed wherever it was,
  // its last log lines lost, no exit code).
  const start: ServerStart = { callOff: new AbortController(), running: undefined, finished: undefined };
  stopOnSignals(startingStopPlan(start, config.shutdownTimeout), config.shutdownTimeout);
  const certificate = certificateLine(config);
  if (certificate) say(certificate);
  const { signal } = start.callOff;
  start.finished = startServer({
    ...config.server,
    metricsPort: config.metricsPort,
    metricsHost: config.metricsHost,
    logger: { level: config.logLevel },
    signal,
  }).catch(async (error: unknown) => {
    await created.remove();
    // Called off by a stop: every part started has stopped, which is the stop done.
    if (signal.aborted && error === signal.reason) return undefined;
    return cannotStart(error, config.server.database);
  });
  const server = await start.finished;
  // A stop that began meanwhile closes the server: it is never announced as ready.
  if (!server || signal.aborted) return;
  start.running = server;
  // SIGHUP too is taken over before the readiness line, for the same reason.
  if (config.tlsFiles) reloadTlsOnHangup(config.tlsFiles, server);
  printReady(config, server.url, server.metricsUrl);
}

/** A server's start, as far as it went, for {@link startingStopPlan}. */
interface ServerStart {
  /** Aborted by a stop that begins before the server runs. */
  callOff: AbortController;
  /** The server, once it runs and is announced. */
  running: RunningServer | undefined;
  /** The start, under way or done: the server, or nothing when it was called off. */
  finished: Promise<RunningServer | undefined> | undefined;
}

/**
 * The stop of a server that may still be starting: once it runs, its own
 * {@link serverStopPlan}; before, the start is called off and the stop is done once the
 * parts started have stopped (exit 0), or closes the server should its start have ended first.
 */
function startingStopPlan(start: ServerStart, timeoutSeconds: number): StopPlan {
  return {
    async stop(reason, deadline) {
      if (start.running) return serverStopPlan(start.running, timeoutSeconds).stop(reason, deadline);
      say(startStopsLine(reason, timeoutSeconds));
      start.callOff.abort();
      const late = await start.finished;
      if (late) return serverStopPlan(late, timeoutSeconds, { announce: false }).stop(reason, deadline);
      await stdoutLogWritten(logWaitMs(deadline));
      return 0;
    },
  };
}
