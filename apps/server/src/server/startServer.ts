import cluster from "node:cluster";
import type { Server as HttpsServer } from "node:https";
import { defaultHeaderPrefix } from "@wsafe/schema";
import { createDemoDataset } from "../demo/createDemoDataset.js";
import { announceRetention } from "../events/announceRetention.js";
import { EventRecorder } from "../events/EventRecorder.js";
import { RetentionPruner } from "../events/RetentionPruner.js";
import { MigrationWatch } from "../health/MigrationWatch.js";
import { createApp } from "../http/createApp.js";
import { RequestsInFlight } from "../http/RequestsInFlight.js";
import { strictTransportSecurity } from "../http/strictTransportSecurity.js";
import { importDataset } from "../import/importDataset.js";
import { createServerMetrics } from "../metrics/createServerMetrics.js";
import { ImportProgress } from "../metrics/ImportProgress.js";
import { serveMetrics } from "../metrics/serveMetrics.js";
import type { MetricsServer } from "../metrics/startMetricsServer.js";
import { defaultRateLimit, RateLimiter } from "../rateLimit/RateLimiter.js";
import { createPipelineServices } from "../services/createPipelineServices.js";
import { openStore } from "../store/openStore.js";
import { StreamAccessWatch } from "../streams/StreamAccessWatch.js";
import { createSelfSignedCertificate } from "../tls/createSelfSignedCertificate.js";
import { serverTlsOptions } from "../tls/serverTlsOptions.js";
import { buildVersion } from "../version/buildVersion.js";
import { DeliveryWorker } from "../webhooks/DeliveryWorker.js";
import { defaultWebhookSettings } from "../webhooks/WebhookSettings.js";
import { closeWithin } from "./closeWithin.js";
import { deliveriesOffMessage } from "./deliveriesOffMessage.js";
import { ensurePortFree } from "./ensurePortFree.js";
import { PortInUseError } from "./PortInUseError.js";
import type { RunningServer, ServerOptions } from "./ServerOptions.js";
import { ShutdownTimeoutError } from "./ShutdownTimeoutError.js";
import { storesOfServers } from "./storesOfServers.js";

/** How long a stop may take by default: in-flight requests get this long to finish. */
export const defaultShutdownTimeoutMs = 30_000;

/**
 * Starts the /v1 service: checks that its ports are free, opens (and migrates) the
 * store, optionally fills it with the demo dataset, and listens. Every request runs the request pipeline of
 * `@wsafe/schema`'s `requestChecks` and answers HTTP 200 with a JSON body, except CORS
 * pre-flights (204).
 *
 * @param options - see {@link ServerOptions}
 * @throws PortInUseError when the port (or the metrics port) is taken, before the store is opened
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
  const store = await openStore(options.database, {
    listenDatabase: options.listenDatabase,
    besideNewer: true,
  });
  const metrics = options.metrics ?? (options.metricsPort === undefined ? undefined : createServerMetrics());
  metrics?.watchPool(store.sql);
  metrics?.watchDeliveries(store.sql);
  metrics?.watchEvents(store.sql);
  let metricsServer: MetricsServer | undefined;
  let rateLimiter: RateLimiter;
  try {
    // Listening before the demo import, so that a scrape can follow its progress.
    if (metrics && options.metricsPort !== undefined) {
      const metricsPort = options.metricsPort;
      const metricsHost = options.metricsHost ?? "127.0.0.1";
      metricsServer = await serveMetrics(metrics, metricsPort, metricsHost).catch((error) => {
        throw (error as NodeJS.ErrnoException).code === "EADDRINUSE"
          ? new PortInUseError(metricsPort, metricsHost, "metrics")
          : error;
      });
    }
    if (options.demo && (await store.isEmpty())) {
      const dataset = createDemoDataset();
      await (metrics?.imports ?? new ImportProgress()).track((onProgress) =>
        importDataset(store, dataset, { onProgress }),
      );
    }
    if (options.readCache !== false) {
      // Not `metrics?.watchReadCache(await store.startReadCache())`: without metrics the
      // optional call skips its argument, and the cache would never start.
      const cache = await store.startReadCache();
      metrics?.watchReadCache(cache);
    }
    rateLimiter = await RateLimiter.create(options.rateLimit ?? defaultRateLimit, options.redisUrl);
  } catch (error) {
    await metricsServer?.close();
    await store.close();
    throw error;
  }

  let draining = false;
  const inFlight = new RequestsInFlight();
  const webhookSettings = { ...defaultWebhookSettings, ...options.webhooks };
  const services = createPipelineServices(store, {
    rateLimiter,
    // The app is made below, once the services it serves exist; these run later.
    log: {
      info: (fields, message) => app.log.info(fields, message),
      error: (fields, message) => app.log.error(fields, message),
    },
    eventsRetentionMs: options.eventsRetentionMs,
    webhooks: webhookSettings,
    streams: options.streams,
  });
  const { events, feed, streams } = services;
  // The expected events of events.list walks, kept under the same switch as the read cache.
  if (options.readCache !== false) await events.startCache();
  metrics?.watchStreams(streams);
  const streamAccess = new StreamAccessWatch(store.sql, streams, (error) =>
    app.log.error({ err: error }, "checking the tokens of open streams failed; trying again"),
  );
  const version = buildVersion().label;
  const migrationWatch = new MigrationWatch(
    store.sql,
    {
      warn: (fields, message) => app.log.warn(fields, message),
      error: (fields, message) => app.log.error(fields, message),
    },
    { version },
  );
  const app = createApp({
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
  });
  for (const { name, durationMs } of store.migrations.applied)
    app.log.info({ migration: name, durationMs }, "migration applied");
  try {
    await app.listen({
      port,
      host,
      // Fastify writes `http://` for a server it did not make itself (ours comes from
      // `serverFactory`): name the scheme actually served.
      listenTextResolver: (address) =>
        `Server listening at ${address.replace(/^https?:/, tls ? "https:" : "http:")}`,
    });
  } catch (error) {
    await app.close().catch(() => {});
    await metricsServer?.close();
    await rateLimiter.close();
    await events.stopCache();
    await store.close();
    // Taken since the check above: the same error as a port taken before.
    throw (error as NodeJS.ErrnoException).code === "EADDRINUSE"
      ? new PortInUseError(port, host, "api")
      : error;
  }
  const recording = options.recordEvents !== false;
  const recorder = recording ? new EventRecorder(store.sql, app.log) : undefined;
  const pruner = recording
    ? new RetentionPruner(store.sql, events, {
        info: (fields, message) => app.log.info(fields, message),
        error: (fields, message) => app.log.error(fields, message),
        debug: (fields, message) => app.log.debug(fields, message),
        pruned: (table, rows) => metrics?.retentionPruned(table, rows),
      })
    : undefined;
  if (recording) await announceRetention(store.sql, events, app.log);
  // Its first round catches up on what passed while no server ran, with the true
  // instants, before the server says it is up; answers need not wait for it
  // (events.list computes what is not recorded yet), but a started server has recorded.
  await recorder?.start();
  pruner?.start();
  await feed.start();
  await streamAccess.start();
  const deliveries = webhookSettings.deliver
    ? new DeliveryWorker(store.sql, webhookSettings, {
        info: (fields, message) => app.log.info(fields, message),
        warn: (fields, message) => app.log.warn(fields, message),
        error: (fields, message) => app.log.error(fields, message),
        debug: (fields, message) => app.log.debug(fields, message),
        attempted: (outcome) => metrics?.webhookAttempted(outcome),
      })
    : undefined;
  await deliveries?.start();
  if (!deliveries) app.log.warn({ deliveries: "off" }, deliveriesOffMessage);
  // A newer server may migrate the database under this one: past a migration this one must
  // not run beside, it writes nothing more in the background (and readiness says so).
  await migrationWatch.start(() => {
    Promise.all([recorder?.stop(), pruner?.stop(), deliveries?.stop()]).catch((error: unknown) =>
      app.log.error({ err: error }, "stopping the background work failed"),
    );
  });
  const address = app.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  const running: RunningServer = {
    url: `${tls ? "https" : "http"}://${urlHost}:${boundPort}`,
    port: boundPort,
    metricsUrl: metricsServer?.url,
    log: app.log,
    reloadTls({ cert, key, subject, validTo }) {
      if (!tls) throw new Error("the server serves plain HTTP: there is no certificate to reload");
      (app.server as HttpsServer).setSecureContext({ ...serverTlsOptions, cert, key });
      app.log.info({ subject, validTo: validTo?.toISOString() }, "TLS certificate reloaded");
    },
    close() {
      closing ??= (async () => {
        draining = true;
        // An open stream is a request that never finishes by itself: each ends now, its
        // client resumes after its last event (at another server, or this one restarted).
        streams.endAll();
        let overran: unknown;
        try {
          await closeWithin(app, inFlight, options.shutdownTimeoutMs ?? defaultShutdownTimeoutMs);
        } catch (error) {
          // The store still has to close; the caller hears of the overrun after that.
          overran = error;
          const holders = error instanceof ShutdownTimeoutError ? error.holders : undefined;
          app.log.error({ holders }, (error as Error).message);
        }
        services.storeAvailability.stop();
        await migrationWatch.stop();
        await recorder?.stop();
        await pruner?.stop();
        await streamAccess.stop();
        await feed.stop();
        // Attempts under way end and are recorded, so a rolling restart repeats none.
        await deliveries?.stop();
        // After the last answer, so that a final scrape sees every request counted.
        await metricsServer?.close();
        await rateLimiter.close();
        await events.stopCache();
        await store.close();
        storesOfServers.delete(running);
        // Hand the buffered log lines to stdout before the caller exits.
        (app.log as { flush?: () => void }).flush?.();
        if (overran !== undefined) throw overran;
      })();
      return closing;
    },
  };
  storesOfServers.set(running, store);
  return running;
}
