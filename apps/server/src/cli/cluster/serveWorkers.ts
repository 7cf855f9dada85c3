import cluster, { type Worker } from "node:cluster";
import { type MetricsServer, startMetricsServer } from "../../metrics/startMetricsServer.js";
import { defaultDatabase, isPostgresUrl } from "../../store/openStore.js";
import { cannotStart } from "../cannotStart.js";
import { fail } from "../cliArguments.js";
import type { CreatedPaths } from "../createdPaths.js";
import { certificateLine, printReady } from "../readyLines.js";
import type { ServeConfig } from "../resolveServeConfig.js";
import { say } from "../say.js";
import { stopBeginsLine } from "../stopLines.js";
import { stopOnSignals } from "../stopOnSignals.js";
import { createPrimaryMetrics } from "./createPrimaryMetrics.js";
import { prepareStore } from "./prepareStore.js";
import { healthyRunMs, restartDelay } from "./restartDelay.js";
import { stopWorkerMessage } from "./stopWorkerMessage.js";
import { workerStartedMessage } from "./workerStartedMessage.js";

const exitReason = (code: number | null, signal: string | null) =>
  signal ? `signal ${signal}` : `code ${code}`;

/**
 * Asks a worker to stop gracefully: a started one over IPC; one still starting, or whose
 * channel is gone, by SIGTERM, since a message that arrives before the worker listens
 * for it is lost, where a signal is not.
 */
function stopWorker(worker: Worker, started: boolean): void {
  if (!started || !worker.isConnected()) {
    worker.process.kill("SIGTERM");
    return;
  }
  worker.send(stopWorkerMessage, undefined, (error) => {
    if (error) worker.process.kill("SIGTERM");
  });
}

/**
 * `wsafe serve --workers N` on PostgreSQL: this primary process migrates the store and
 * imports the demo data once, then runs N workers (`node:cluster`) that share one
 * listening port, each a whole server. It prints `listening on URL` once, when every
 * worker has started (listening, recording, delivering). A worker that exits unexpectedly is replaced after a back-off
 * ({@link restartDelay}). SIGTERM or SIGINT stops every worker gracefully (each
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

  const started = new Set<number>();
  const restartTimers = new Set<NodeJS.Timeout>();
  let ready = false;
  let stopping = false;
  let failed = false;
  let quickCrashes = 0;
  const fork = () => workers.set(cluster.fork(), Date.now());

  let allExited: () => void = () => {};
  const stopAll = stopOnSignals(
    {
      stop(reason) {
        stopping = true;
        for (const timer of restartTimers) clearTimeout(timer);
        say(stopBeginsLine(reason, config.shutdownTimeout, workers.size));
        const exited = new Promise<void>((resolve) => {
          allExited = resolve;
        });
        for (const worker of workers.keys()) stopWorker(worker, started.has(worker.id));
        if (workers.size === 0) allExited();
        return exited.then(async () => {
          await metricsServer?.close();
          return failed ? 1 : 0;
        });
      },
      abandon() {
        for (const worker of workers.keys()) worker.process.kill("SIGKILL");
      },
    },
    config.shutdownTimeout,
  );

  // Ready once every worker has started, as one process is: listening is not enough, a
  // worker's start goes on after it (the recorder's first round, the delivery pool).
  let port: number | undefined;
  const announceWhenReady = () => {
    if (ready || port === undefined || started.size < count) return;
    ready = true;
    const host = config.server.host ?? "127.0.0.1";
    const url = `${config.server.tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${port}`;
    printReady(config, url, metricsServer?.url);
  };
  cluster.on("listening", (_worker, address) => {
    port ??= address.port;
    announceWhenReady();
  });
  cluster.on("message", (worker, message: unknown) => {
    if ((message as { wsafe?: unknown } | null)?.wsafe !== workerStartedMessage.wsafe) return;
    started.add(worker.id);
    announceWhenReady();
  });
  cluster.on("exit", (worker, code, signal) => {
    const startedAt = workers.get(worker) ?? Date.now();
    workers.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (workers.size === 0) allExited();
      return;
    }
    if (!ready) {
      console.error(
        `wsafe: cannot start: worker ${worker.process.pid} exited (${exitReason(code, signal)}) before it was ready`,
      );
      failed = true;
      stopAll("startup failed");
      return;
    }
    quickCrashes = Date.now() - startedAt < healthyRunMs ? quickCrashes + 1 : 1;
    const delay = restartDelay(quickCrashes);
    metrics?.countRestart();
    console.error(
      `wsafe: worker ${worker.process.pid} exited (${exitReason(code, signal)}); starting another in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!stopping) fork();
    }, delay);
    restartTimers.add(timer);
  });

  // Each worker reads the certificate files again and logs what it did (see reloadTlsOnHangup).
  if (config.tlsFiles)
    process.on("SIGHUP", () => {
      for (const worker of workers.keys()) worker.process.kill("SIGHUP");
    });
  for (let i = 0; i < count; i++) fork();
}
