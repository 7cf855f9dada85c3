import cluster, { type Worker } from "node:cluster";
import type { MetricsServer } from "../../metrics/startMetricsServer.js";
import { printReady } from "../readyLines.js";
import type { ServeConfig } from "../resolveServeConfig.js";
import { say } from "../say.js";
import { stopBeginsLine } from "../stopLines.js";
import { type StopPlan, stopOnSignals } from "../stopOnSignals.js";
import type { PrimaryMetrics } from "./createPrimaryMetrics.js";
import { healthyRunMs, restartDelay } from "./restartDelay.js";
import { stopWorkerMessage } from "./stopWorkerMessage.js";
import { workerStartedMessage } from "./workerStartedMessage.js";

const exitReason = (code: number | null, signal: string | null) =>
  signal ? `signal ${signal}` : `code ${code}`;

/** What the primary's fleet of workers is run with. */
export interface WorkerFleetOptions {
  config: ServeConfig;
  /** How many workers run at once. */
  count: number;
  /** Each live worker and when it started; the primary's metrics read its size. */
  workers: Map<Worker, number>;
  metrics: PrimaryMetrics | undefined;
  metricsServer: MetricsServer | undefined;
}

/**
 * The workers of `wsafe serve --workers N`, run by the primary: forked, announced ready
 * once every one has started, replaced after a back-off when one exits unexpectedly, and
 * stopped together on SIGTERM or SIGINT (the {@link StopPlan} of the primary).
 */
export class WorkerFleet implements StopPlan {
  private readonly started = new Set<number>();
  private readonly restartTimers = new Set<NodeJS.Timeout>();
  private ready = false;
  private stopping = false;
  private failed = false;
  private quickCrashes = 0;
  private port: number | undefined;
  private allExited: () => void = () => {};
  private stopAll: (reason: string) => void = () => {};

  /** @param options - the configuration, the worker count, the live workers' map and the metrics */
  constructor(private readonly options: WorkerFleetOptions) {}

  /** Watches the signals and the workers, then forks them all. */
  start(): void {
    const { config, count } = this.options;
    this.stopAll = stopOnSignals(this, config.shutdownTimeout);
    cluster.on("listening", (_worker, address) => {
      this.port ??= address.port;
      this.announceWhenReady();
    });
    cluster.on("message", (worker, message: unknown) => {
      if ((message as { wsafe?: unknown } | null)?.wsafe !== workerStartedMessage.wsafe) return;
      this.started.add(worker.id);
      this.announceWhenReady();
    });
    cluster.on("exit", (worker, code, signal) => this.exited(worker, code, signal));
    // Each worker reads the certificate files again and logs what it did (see reloadTlsOnHangup).
    if (config.tlsFiles)
      process.on("SIGHUP", () => {
        for (const worker of this.options.workers.keys()) worker.process.kill("SIGHUP");
      });
    for (let i = 0; i < count; i++) this.fork();
  }

  /** Stops every worker gracefully; resolves with 1 if one did not exit cleanly, else 0. */
  stop(reason: string): Promise<number> {
    const { config, workers, metricsServer } = this.options;
    this.stopping = true;
    for (const timer of this.restartTimers) clearTimeout(timer);
    say(stopBeginsLine(reason, config.shutdownTimeout, workers.size));
    const exited = new Promise<void>((resolve) => {
      this.allExited = resolve;
    });
    for (const worker of workers.keys()) stopWorker(worker, this.started.has(worker.id));
    if (workers.size === 0) this.allExited();
    return exited.then(async () => {
      await metricsServer?.close();
      return this.failed ? 1 : 0;
    });
  }

  /** Kills the workers a stop left running. */
  abandon(): void {
    for (const worker of this.options.workers.keys()) worker.process.kill("SIGKILL");
  }

  private fork(): void {
    this.options.workers.set(cluster.fork(), Date.now());
  }

  /**
   * Ready once every worker has started, as one process is: listening is not enough, a
   * worker's start goes on after it (the recorder's first round, the delivery pool).
   */
  private announceWhenReady(): void {
    const { config, count, metricsServer } = this.options;
    if (this.ready || this.port === undefined || this.started.size < count) return;
    this.ready = true;
    const host = config.server.host ?? "127.0.0.1";
    const url = `${config.server.tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${this.port}`;
    printReady(config, url, metricsServer?.url);
  }

  /** A worker's exit: expected while stopping, fatal before ready, else replaced after a back-off. */
  private exited(worker: Worker, code: number | null, signal: string | null): void {
    const { workers, metrics } = this.options;
    const startedAt = workers.get(worker) ?? Date.now();
    workers.delete(worker);
    if (this.stopping) {
      if (code !== 0) this.failed = true;
      if (workers.size === 0) this.allExited();
      return;
    }
    if (!this.ready) {
      console.error(
        `wsafe: cannot start: worker ${worker.process.pid} exited (${exitReason(code, signal)}) before it was ready`,
      );
      this.failed = true;
      this.stopAll("startup failed");
      return;
    }
    this.quickCrashes = Date.now() - startedAt < healthyRunMs ? this.quickCrashes + 1 : 1;
    const delay = restartDelay(this.quickCrashes);
    metrics?.countRestart();
    console.error(
      `wsafe: worker ${worker.process.pid} exited (${exitReason(code, signal)}); starting another in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      this.restartTimers.delete(timer);
      if (!this.stopping) this.fork();
    }, delay);
    this.restartTimers.add(timer);
  }
}

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
