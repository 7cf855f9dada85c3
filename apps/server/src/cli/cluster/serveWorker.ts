import { AggregatorRegistry } from "prom-client";
import { createServerMetrics } from "../../metrics/createServerMetrics.js";
import { startServer } from "../../server/startServer.js";
import { describeError } from "../describeError.js";
import { reloadTlsOnHangup } from "../reloadTlsOnHangup.js";
import type { ServeConfig } from "../resolveServeConfig.js";
import { serverStopPlan } from "../serverStopPlan.js";
import { stopOnSignals } from "../stopOnSignals.js";
import { isStopWorkerMessage } from "./stopWorkerMessage.js";
import { workerStartedMessage } from "./workerStartedMessage.js";

/**
 * One worker of `wsafe serve --workers N`: the server itself, on the port the primary
 * shares between its workers. It prints no readiness line (the primary prints one for
 * all), counts its metrics for the primary to gather over IPC, and stops gracefully when
 * the primary asks (over IPC), on SIGTERM or SIGINT (a signal to the whole process group)
 * or when the primary goes away; within `--shutdown-timeout`, and at once on a second signal.
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
  // after its listener (the recorder's first round, the delivery pool): a signal then
  // must stop it gracefully once it has started, within the same deadline, not kill it.
  const starting = startServer({
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
  let stopping = false;
  const stop = stopOnSignals(
    {
      async stop(reason, deadline) {
        stopping = true;
        const server = await starting;
        return serverStopPlan(server, config.shutdownTimeout, { announce: false }).stop(reason, deadline);
      },
    },
    config.shutdownTimeout,
  );
  process.on("message", (message: unknown) => {
    if (isStopWorkerMessage(message)) stop("stop asked by the primary");
  });
  // A primary killed outright leaves its workers no listener to serve: they stop too.
  process.once("disconnect", () => stop("primary gone"));
  const server = await starting;
  // The primary says the service is up once every worker has said this.
  if (!stopping) process.send?.(workerStartedMessage);
  if (config.tlsFiles) reloadTlsOnHangup(config.tlsFiles, server);
}
