import type { FastifyBaseLogger } from "fastify";
import { announceRetention } from "../events/announceRetention.js";
import { EventRecorder } from "../events/EventRecorder.js";
import { RetentionPruner } from "../events/RetentionPruner.js";
import type { MigrationWatch } from "../health/MigrationWatch.js";
import type { ServerMetrics } from "../metrics/createServerMetrics.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import { StreamAccessWatch } from "../streams/StreamAccessWatch.js";
import { DeliveryWorker } from "../webhooks/DeliveryWorker.js";
import type { DeliveryObserver } from "../webhooks/tellAttempt.js";
import { deliveriesOffMessage } from "./deliveriesOffMessage.js";
import type { ServerParts } from "./ServerParts.js";

/** What the background parts of a server work with. */
export interface BackgroundOptions {
  /** The pipeline's services over the open store. */
  services: PipelineServices;
  /** The server's log. */
  log: FastifyBaseLogger;
  /** Where the pruned rows and webhook attempts are counted, with metrics. */
  metrics: ServerMetrics | undefined;
  /** The watch of the applied migrations, which `/readyz` asks too. */
  migrationWatch: MigrationWatch;
  /** Whether this process records time events and prunes (`recordEvents`). */
  recording: boolean;
}

/**
 * Starts, as parts of `parts`, what a listening server runs beside its requests: the
 * retention's line, the event recorder, the retention pruner, the feed of recorded
 * events, the watch of open streams' tokens, the webhook delivery pool and the migration
 * watch, in that order (so stopped in the reverse one). Past a migration this server must
 * not run beside, the watch stops the recorder, the pruner and the pool: it writes
 * nothing more in the background (and readiness says so).
 *
 * @param parts - the server's parts, started so far up to its listener
 * @param options - the services, log, metrics and watch they use
 */
export async function startBackgroundParts(parts: ServerParts, options: BackgroundOptions): Promise<void> {
  const { services, log, metrics, migrationWatch, recording } = options;
  const { sql } = services.store;
  if (recording) await parts.start("retention line", () => announceRetention(sql, services.events, log));
  // Its first round catches up on what passed while no server ran, with the true
  // instants, before the server says it is up; answers need not wait for it
  // (events.list computes what is not recorded yet), but a started server has recorded.
  const recorder = recording
    ? await parts.start(
        "event recorder",
        () => started(new EventRecorder(sql, log)),
        (one) => one.stop(),
      )
    : undefined;
  const pruner = recording
    ? await parts.start(
        "retention pruner",
        () =>
          started(
            new RetentionPruner(sql, services.events, {
              info: (fields, message) => log.info(fields, message),
              error: (fields, message) => log.error(fields, message),
              debug: (fields, message) => log.debug(fields, message),
              pruned: (table, rows) => metrics?.retentionPruned(table, rows),
            }),
          ),
        (pruner) => pruner.stop(),
      )
    : undefined;
  await parts.start(
    "event feed",
    () => services.feed.start(),
    () => services.feed.stop(),
  );
  await parts.start(
    "stream access watch",
    () => started(new StreamAccessWatch(sql, services.streams, log)),
    (watch) => watch.stop(),
  );
  const deliveries = await startDeliveries(parts, options);
  await parts.start(
    "migration watch",
    () =>
      migrationWatch.start(() => {
        Promise.all([recorder?.stop(), pruner?.stop(), deliveries?.stop()]).catch((error: unknown) =>
          log.error({ err: error }, "stopping the background work failed"),
        );
      }),
    () => migrationWatch.stop(),
  );
}

/** Starts what has an asynchronous `start`, and hands it on for its stop. */
async function started<T extends { start(): Promise<void> }>(part: T): Promise<T> {
  await part.start();
  return part;
}

/** The delivery pool, unless this server delivers nothing (`--no-deliveries`): then it says so. */
async function startDeliveries(
  parts: ServerParts,
  { services, log, metrics }: BackgroundOptions,
): Promise<DeliveryWorker | undefined> {
  const settings = services.webhooks.settings;
  if (!settings.deliver) {
    log.warn({ deliveries: "off" }, deliveriesOffMessage);
    return undefined;
  }
  const observer: DeliveryObserver = {
    info: (fields, message) => log.info(fields, message),
    warn: (fields, message) => log.warn(fields, message),
    error: (fields, message) => log.error(fields, message),
    debug: (fields, message) => log.debug(fields, message),
    attempted: (outcome) => metrics?.webhookAttempted(outcome),
  };
  // Attempts under way end and are recorded at its stop, so a rolling restart repeats none.
  return parts.start(
    "delivery worker",
    () => started(new DeliveryWorker(services.store.sql, settings, observer)),
    (worker) => worker.stop(),
  );
}
