import type { Worker } from "node:cluster";
import { type MetricsServer, startMetricsServer } from "../../metrics/startMetricsServer.js";
import { defaultDatabase, isPostgresUrl } from "../../store/openStore.js";
import { cannotStart } from "../cannotStart.js";
import { fail } from "../cliArguments.js";
import type { CreatedPaths } from "../createdPaths.js";
import { certificateLine } from "../readyLines.js";
import type { ServeConfig } from "../resolveServeConfig.js";
import { say } from "../say.js";
import { createPrimaryMetrics } from "./createPrimaryMetrics.js";
import { prepareStore } from "./prepareStore.js";
import { WorkerFleet } from "./WorkerFleet.js";

/**
 * `wsafe serve --workers N` on PostgreSQL: this primary process migrates the store and
 * imports the demo data once, then runs N workers (`node:cluster`) that share one
 * listening port, each a whole server. It prints `listening on URL` once, when every
 * worker has started (listening, recording, delivering). A worker that exits unexpectedly is replaced after a back-off
 * (`restartDelay`). SIGTERM or SIGINT stops every worker gracefully (each
 * finishes its in-flight requests); the primary exits 0 when all exited 0, and ends
 * within `--shutdown-timeout` whatever happens, killing the workers still running then;
 * a second signal kills them and ends it at once. With `--metrics-port` the primary
 * serves the workers' metrics, summed.
 *
 * The embedded store (PGlite) belongs to one process, so it is refused.
 *
 * @param config - the resolved `serve` options
 * @param count - how many workers
 * @param created - what this command made (the certificate), removed when the store cannot be prepared
 */
export async function serveWorkers(config: ServeConfig, count: number, created: CreatedPaths): Promise<void> {
  const database = config.server.database ?? defaultDatabase;
  if (!isPostgresUrl(database)) {
    await created.remove();
    fail(
      `--workers ${count} needs PostgreSQL (--database postgres://...): the embedded store (PGlite) belongs to one process. Serve it with --workers 1, or move to PostgreSQL.`,
    );
  }
  const certificate = certificateLine(config);
  if (certificate) say(certificate);
  await prepareStore(config.server).catch(async (error: unknown) => {
    await created.remove();
    return cannotStart(error, database);
  });

  const workers = new Map<Worker, number>(); // each live worker and when it started
  const metrics = config.metricsPort === undefined ? undefined : createPrimaryMetrics(() => workers.size);
  let metricsServer: MetricsServer | undefined;
  if (metrics)
    metricsServer = await startMetricsServer(metrics.render, config.metricsPort!, config.metricsHost).catch(
      cannotStart,
    );

  new WorkerFleet({ config, count, workers, metrics, metricsServer }).start();
}
