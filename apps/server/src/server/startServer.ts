import cluster from "node:cluster";
import { Server as HttpsServer } from "node:https";
import { defaultHeaderPrefix } from "@wsafe/schema";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { createDemoDataset } from "../demo/createDemoDataset.js";
import { MigrationWatch } from "../health/MigrationWatch.js";
import { createApp } from "../http/createApp.js";
import { RequestsInFlight } from "../http/RequestsInFlight.js";
import { strictTransportSecurity } from "../http/strictTransportSecurity.js";
import { importDataset } from "../import/importDataset.js";
import { createServerMetrics, type ServerMetrics } from "../metrics/createServerMetrics.js";
import { ImportProgress } from "../metrics/ImportProgress.js";
import { serveMetrics } from "../metrics/serveMetrics.js";
import type { MetricsServer } from "../metrics/startMetricsServer.js";
import { defaultRateLimit, RateLimiter } from "../rateLimit/RateLimiter.js";
import { createPipelineServices, type PipelineServices } from "../services/createPipelineServices.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { createSelfSignedCertificate } from "../tls/createSelfSignedCertificate.js";
import { serverTlsOptions } from "../tls/serverTlsOptions.js";
import { buildVersion } from "../version/buildVersion.js";
import { defaultWebhookSettings } from "../webhooks/WebhookSettings.js";
import { closeWithin } from "./closeWithin.js";
import { ensurePortFree } from "./ensurePortFree.js";
import { PortInUseError, type PortListener } from "./PortInUseError.js";
import type { RunningServer, ServerOptions } from "./ServerOptions.js";
import { ServerParts } from "./ServerParts.js";
import { ShutdownTimeoutError } from "./ShutdownTimeoutError.js";
import { startBackgroundParts } from "./startBackgroundParts.js";
import { storesOfServers } from "./storesOfServers.js";

/** How long a stop may take by default: in-flight requests get this long to finish. */
export const defaultShutdownTimeoutMs = 30_000;

/** The store and what stands beside it before there is an app: the metrics, the rate limiter. */
interface Storage {
  store: Store;
  metrics: ServerMetrics | undefined;
  metricsServer: MetricsServer | undefined;
  rateLimiter: RateLimiter;
}

/** The app over its services, not listening yet, and how its requests end at a stop. */
interface Serving {
  app: FastifyInstance;
  services: PipelineServices;
  migrationWatch: MigrationWatch;
  /** Closes the listener, ends open streams and lets requests in flight finish within the deadline; once. */
  drain(): Promise<void>;
}

/** For a listen that finds its port taken since `ensurePortFree` looked: the same error as a port taken before. */
const portTaken = (port: number, host: string, listener: PortListener) => (error: unknown) => {
  throw error instanceof Error && "code" in error && error.code === "EADDRINUSE"
    ? new PortInUseError(port, host, listener)
    : error;
};

/** The line of a part that failed to stop: a stop past its deadline names what held the server. */
function logStopFailed(log: FastifyBaseLogger, part: string, error: unknown): void {
  if (error instanceof ShutdownTimeoutError) log.error({ holders: error.holders }, error.message);
  else log.error({ err: error, part }, `stopping the ${part} failed`);
}

/** Fills an empty store with the demo dataset, its progress on `/metrics`. */
async function importDemo(store: Store, metrics: ServerMetrics | undefined): Promise<void> {
  if (!(await store.isEmpty())) return;
  const dataset = createDemoDataset();
  await (metrics?.imports ?? new ImportProgress()).track((onProgress) =>
    importDataset(store, dataset, { onProgress }),
  );
}

/** The parts below the app: the store, the metrics listener, the demo data, the read cache, the rate limiter. */
async function startStorage(parts: ServerParts, options: ServerOptions): Promise<Storage> {
  const store = await parts.start(
    "store",
    () => openStore(options.database, { listenDatabase: options.listenDatabase, besideNewer: true }),
    (store) => store.close(),
  );
  const metrics = options.metrics ?? (options.metricsPort === undefined ? undefined : createServerMetrics());
  metrics?.watchPool(store.sql);
  metrics?.watchDeliveries(store.sql);
  metrics?.watchEvents(store.sql);
  const { metricsPort, metricsHost = "127.0.0.1" } = options;
  // Listening before the demo import, so that a scrape can follow its progress; stopped
  // after the app's last answer, so that a final scrape sees every request counted.
  const metricsServer =
    metrics && metricsPort !== undefined
      ? await parts.start(
          "metrics listener",
          () =>
            serveMetrics(metrics, metricsPort, metricsHost).catch(
              portTaken(metricsPort, metricsHost, "metrics"),
            ),
          (server) => server.close(),
        )
      : undefined;
  if (options.demo) await parts.start("demo dataset", () => importDemo(store, metrics));
  // Not `metrics?.watchReadCache(await store.startReadCache())`: without metrics the
  // optional call skips its argument, and the cache would never start. It ends with the store.
  if (options.readCache !== false)
    await parts.start("read cache", async () => {
      const cache = await store.startReadCache();
      metrics?.watchReadCache(cache);
    });
  const rateLimiter = await parts.start(
    "rate limiter",
    () => RateLimiter.create(options.rateLimit ?? defaultRateLimit, options.redisUrl),
    (limiter) => limiter.close(),
  );
  return { store, metrics, metricsServer, rateLimiter };
}

/** The services over the store, the events' cache, and the app that serves them (not listening yet). */
async function startServing(
  parts: ServerParts,
  { store, metrics, rateLimiter }: Storage,
  options: ServerOptions,
  tls: ServerOptions["tls"],
): Promise<Serving> {
  let draining = false;
  const inFlight = new RequestsInFlight();
  const services = await parts.start(
    "services",
    () =>
      createPipelineServices(store, {
        rateLimiter,
        // The app is made below, once the services it serves exist; these run later.
        log: {
          info: (fields, message) => app.log.info(fields, message),
          error: (fields, message) => app.log.error(fields, message),
        },
        eventsRetentionMs: options.eventsRetentionMs,
        webhooks: { ...defaultWebhookSettings, ...options.webhooks },
        streams: options.streams,
      }),
    (services) => services.storeAvailability.stop(),
  );
  // The expected events of events.list walks, kept under the same switch as the read cache.
  if (options.readCache !== false)
    await parts.start(
      "events cache",
      () => services.events.startCache(),
      () => services.events.stopCache(),
    );
  metrics?.watchStreams(services.streams);
  const version = buildVersion().label;
  const migrationWatch = new MigrationWatch(
    store.sql,
    {
      warn: (fields, message) => app.log.warn(fields, message),
      error: (fields, message) => app.log.error(fields, message),
    },
    { version },
  );
  const app = await parts.start(
    "app",
    () =>
      createApp({
        services,
        migrations: migrationWatch,
        version,
        tls,
        headerPrefix: options.headerPrefix ?? defaultHeaderPrefix,
        corsOrigin: options.corsOrigin ?? "*",
        docsDir: options.docsDir || undefined,
        logger: options.logger,
        isDraining: () => draining,
        inFlight,
        hsts: options.hstsMaxAge === undefined ? undefined : strictTransportSecurity(options.hstsMaxAge),
        requestTallies: metrics?.requests,
        streamPingMs: options.streamPingMs,
      }),
    // Drained here when a start fails after it listened; at a stop the last part has drained it.
    () => drain(),
  );
  for (const { name, durationMs } of store.migrations.applied)
    app.log.info({ migration: name, durationMs }, "migration applied");
  const drain = async () => {
    if (draining) return;
    draining = true;
    // An open stream is a request that never finishes by itself: each ends now, its
    // client resumes after its last event (at another server, or this one restarted).
    services.streams.endAll();
    await closeWithin(app, inFlight, options.shutdownTimeoutMs ?? defaultShutdownTimeoutMs);
  };
  return { app, services, migrationWatch, drain };
}

/**
 * Starts the /v1 service: checks that its ports are free, opens (and migrates) the
 * store, optionally fills it with the demo dataset, and listens. Every request runs the request pipeline of
 * `@wsafe/schema`'s `requestChecks` and answers HTTP 200 with a JSON body, except CORS
 * pre-flights (204). Its parts start in order and stop in reverse (see
 * {@link ServerParts}): a part that fails to start stops those started before it, so a
 * start that fails leaves no port bound, no store locked and no connection open, and
 * rejects with that part's own error.
 *
 * @param options - see {@link ServerOptions}
 * @throws PortInUseError when the port (or the metrics port) is taken, before the store is opened
 * @throws the reason of `options.signal` when it was aborted before the start completed (every part started is stopped first)
 * @example
 * const server = await startServer({ port: 0, database: "memory://", demo: true });
 * console.log(server.url); // https://127.0.0.1:49152
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 8443;
  // Before the seconds of opening and migrating the store. A worker of `--workers`
  // listens through its primary's shared handle, which a probe of its own would find taken.
  if (!cluster.isWorker) {
    await ensurePortFree(port, host, "api");
    if (options.metricsPort !== undefined)
      await ensurePortFree(options.metricsPort, options.metricsHost ?? "127.0.0.1", "metrics");
  }
  const tls = options.http ? undefined : (options.tls ?? (await createSelfSignedCertificate()));
  let log: FastifyBaseLogger | undefined;
  const parts = new ServerParts((part, error) => log && logStopFailed(log, part, error), options.signal);
  try {
    const storage = await startStorage(parts, options);
    const { app, services, migrationWatch, drain } = await startServing(parts, storage, options, tls);
    log = app.log;
    await parts.start("listener", () =>
      app
        .listen({
          port,
          host,
          // Fastify writes `http://` for a server it did not make itself (ours comes from
          // `serverFactory`): name the scheme actually served.
          listenTextResolver: (address) =>
            `Server listening at ${address.replace(/^https?:/, tls ? "https:" : "http:")}`,
        })
        .catch(portTaken(port, host, "api")),
    );
    const recording = options.recordEvents !== false;
    await startBackgroundParts(parts, { services, log, metrics: storage.metrics, migrationWatch, recording });
    // Last, so stopped first: the listener closes and the requests in flight finish (or
    // are cut at the deadline) while every part they use still runs.
    await parts.start("requests in flight", () => {}, drain);
    const address = app.server.address();
    const boundPort = typeof address === "object" && address ? address.port : port;
    const urlHost = host.includes(":") ? `[${host}]` : host;
    let closing: Promise<void> | undefined;
    const running: RunningServer = {
      url: `${tls ? "https" : "http"}://${urlHost}:${boundPort}`,
      port: boundPort,
      metricsUrl: storage.metricsServer?.url,
      log: app.log,
      reloadTls({ cert, key, subject, validTo }) {
        const server = app.server;
        if (!(server instanceof HttpsServer))
          throw new Error("the server serves plain HTTP: there is no certificate to reload");
        server.setSecureContext({ ...serverTlsOptions, cert, key });
        app.log.info({ subject, validTo: validTo?.toISOString() }, "TLS certificate reloaded");
      },
      close() {
        closing ??= parts.stop().finally(() => {
          storesOfServers.delete(running);
          // Hand the buffered log lines to stdout before the caller exits.
          if ("flush" in app.log && typeof app.log.flush === "function") app.log.flush();
        });
        return closing;
      },
    };
    storesOfServers.set(running, storage.store);
    return running;
  } catch (error) {
    return parts.rollBack(error);
  }
}
