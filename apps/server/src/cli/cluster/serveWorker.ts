import { AggregatorRegistry } from "prom-client";
import { createServerMetrics } from "../../metrics/createServerMetrics.js";
import { startServer } from "../../server/startServer.js";
import { describeError } from "../describeError.js";
import { reloadTlsOnHangup } from "../reloadTlsOnHangup.js";
import type { ServeConfig } from "../resolveServeConfig.js";
import { stopOnSignals } from "../stopOnSignals.js";

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
  const stop = stopOnSignals(() => server.close(), config.shutdownTimeout, { announce: false });
  // A primary killed outright leaves its workers no listener to serve: they stop too.
  process.once("disconnect", () => stop("primary gone"));
  if (config.tlsFiles) reloadTlsOnHangup(config.tlsFiles, server);
}
