import { EventFeed } from "../events/EventFeed.js";
import { EventLog } from "../events/EventLog.js";
import { InspectionStore } from "../inspections/InspectionStore.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import type { RateLimiter } from "../rateLimit/RateLimiter.js";
import { probeWrite } from "../store/database/probeWrite.js";
import type { Store } from "../store/Store.js";
import { StoreAvailability } from "../store/StoreAvailability.js";
import { OpenStreams } from "../streams/OpenStreams.js";
import type { StreamSettings } from "../streams/StreamSettings.js";
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
 * cache itself (a suite that streams nothing leaves them stopped).
 *
 * @param store - the open store
 * @param options - the limiter, the log and the settings
 * @example
 * const services = createPipelineServices(store, { rateLimiter, log: app.log });
 */
export function createPipelineServices(store: Store, options: PipelineServicesOptions): PipelineServices {
  const { log } = options;
  return {
    store,
    rateLimiter: options.rateLimiter,
    events: new EventLog(store.sql, options.eventsRetentionMs),
    feed: new EventFeed(store.sql, (error) =>
      log.error({ err: error }, "reading recorded events failed; trying again"),
    ),
    webhooks: {
      store: new WebhookStore(store.sql),
      settings: options.webhooks ?? defaultWebhookSettings,
      log: (fields, message) => log.info(fields, message),
    },
    streams: new OpenStreams({ info: (fields, message) => log.info(fields, message) }, options.streams),
    inspections: new InspectionStore(store.sql),
    storeAvailability: new StoreAvailability({
      probe: () => probeWrite(store.sql),
      log,
      engine: store.sql.kind,
    }),
  };
}
