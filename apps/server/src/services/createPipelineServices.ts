import { EventFeed } from "../events/EventFeed.js";
import { EventLog } from "../events/EventLog.js";
import { InspectionStore } from "../inspections/InspectionStore.js";
import type { RateLimiter } from "../rateLimit/RateLimiter.js";
import { probeWrite } from "../store/database/probeWrite.js";
import type { Store } from "../store/Store.js";
import { StoreAvailability } from "../store/StoreAvailability.js";
import { OpenStreams } from "../streams/OpenStreams.js";
import type { StreamSettings } from "../streams/StreamSettings.js";
import type { WebhookService } from "../webhooks/WebhookService.js";
import { defaultWebhookSettings, type WebhookSettings } from "../webhooks/WebhookSettings.js";
import { WebhookStore } from "../webhooks/WebhookStore.js";

/** Where the services write what an operator reads: the server's logger, or a test's. */
export interface ServicesLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What {@link createPipelineServices} takes besides the store. */
export interface PipelineServicesOptions {
  rateLimiter: RateLimiter;
  log: ServicesLog;
  /** How long recorded events are kept (`--events-retention`); default the contract's. */
  eventsRetentionMs?: number;
  /** The webhook settings, whole (the delivery worker is given the same object); default the defaults. */
  webhooks?: WebhookSettings;
  /** Stream limits over the defaults. */
  streams?: Partial<StreamSettings>;
}

/**
 * The services the request pipeline and the methods use, over one store: made here once,
 * so that the server and the suites that drive the pipeline in-process wire the same
 * services the same way. Nothing is started: the server starts the feed and the events'
 * cache itself (a suite that streams nothing leaves them stopped). This object is the one
 * list of the services: {@link PipelineServices} is its type, and a method's handler is
 * given it whole (`MethodCall`), so a new service is one property here.
 *
 * @param store - the open store
 * @param options - the limiter, the log and the settings
 * @example
 * const services = createPipelineServices(store, { rateLimiter, log: app.log });
 */
export function createPipelineServices(store: Store, options: PipelineServicesOptions) {
  const { log } = options;
  return {
    /** The store of the service. */
    store,
    /** Counts each token's requests (the `rate_limit` check). */
    rateLimiter: options.rateLimiter,
    /** The store's events, recorded and expected. */
    events: new EventLog(store.sql, options.eventsRetentionMs),
    /** The recorded events as they are recorded, for `/trpc`'s `events.stream`. */
    feed: new EventFeed(store.sql, log),
    /** The webhook endpoints, and the server's webhook settings. */
    webhooks: {
      store: new WebhookStore(store.sql),
      settings: options.webhooks ?? defaultWebhookSettings,
      log: (fields, message) => log.info(fields, message),
    } satisfies WebhookService,
    /** The `events.stream` subscriptions open on this server, and their limits. */
    streams: new OpenStreams({ info: (fields, message) => log.info(fields, message) }, options.streams),
    /** The inspections of every account. */
    inspections: new InspectionStore(store.sql),
    storeAvailability: new StoreAvailability({
      probe: () => probeWrite(store.sql),
      log,
      engine: store.sql.kind,
    }),
  };
}

/**
 * What the checks and the methods use besides the request: the store, its events, the
 * rate limiter and the rest, as {@link createPipelineServices} makes them (its type, so
 * that the services are listed in one place).
 */
export type PipelineServices = Readonly<ReturnType<typeof createPipelineServices>>;
