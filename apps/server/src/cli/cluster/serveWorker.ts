import { AggregatorRegistry } from "prom-client";
import { createServerMetrics } from "../../metrics/createServerMetrics.js";
import { startServer } from "../../server/startServer.js";
import { describeError } from "../describeError.js";
import { reloadTlsOnHangup } from "../reloadTlsOnHangup.js";
import type { ServeConfig } from "../resolveServeConfig.js";
import { stopOnSignals } from "../stopOnSignals.js";
import { workerStartedMessage } from "./workerStartedMessage.js";

/**
 * One worker of `wsafe serve --workers N`: the server itself, on the port the primary
 * shares between its workers. It prints no readiness line (the primary prints one for
 * all), counts its metrics for the primary to gather over IPC, and stops gracefully on
 * SIGTERM (from the primary, or from a signal to the whole process group) or when the
 * primary goes away.
 *
 * @param config - the resolved `serve` options, the primary's own
 */
export async function serveWorker(config: ServeConfig): Promise<void> {
  const metrics = config.metricsPort === undefined ? undefined : createServerMetrics();
  if (metrics) {
    // Answers the primary's requests for this process's metrics (prom-client's cluster protocol).
    AggregatorRegistry.setRegistries([metrics.registry]);
    new AggregatorRegistry();
  }
  // The primary says it is up once every worker listens, but a worker's start goes on
  // after its listener (the recorder's first round, the delivery pool): a SIGTERM in
  // between killed it by default, and the stop exited 1. It is held until the server
  // has started, then stops it gracefully.
  let heldSignal: string | undefined;
  const holdSignal = (signal: NodeJS.Signals) => {
    heldSignal ??= signal;
  };
  process.on("SIGTERM", holdSignal);
  process.on("SIGINT", holdSignal);
  const server = await startServer({
    ...config.server,
    // The primary imported the demo data before it started the workers.
    demo: false,
    metrics,
    logger: { level: config.logLevel },
  }).catch((error: unknown) => {
    console.error(
      `wsafe: worker ${process.pid} cannot start: ${describeError(error, config.server.database)}`,
    );
    process.exit(1);
  });
  process.off("SIGTERM", holdSignal);
  process.off("SIGINT", holdSignal);
  const stop = stopOnSignals(() => server.close(), config.shutdownTimeout, { announce: false });
  if (heldSignal) stop(heldSignal);
  // The primary says the service is up once every worker has said this.
  else process.send?.(workerStartedMessage);
  // A primary killed outright leaves its workers no listener to serve: they stop too.
  process.once("disconnect", () => stop("primary gone"));
  if (config.tlsFiles) reloadTlsOnHangup(config.tlsFiles, server);
}
