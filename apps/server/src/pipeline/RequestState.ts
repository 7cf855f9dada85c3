import type { MethodName, Methods } from "@wsafe/schema";
import type { EventFeed } from "../events/EventFeed.js";
import type { EventLog } from "../events/EventLog.js";
import type { InspectionStore } from "../inspections/InspectionStore.js";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import type { RateLimiter } from "../rateLimit/RateLimiter.js";
import type { Store } from "../store/Store.js";
import type { StoreAvailability } from "../store/StoreAvailability.js";
import type { TokenRecord } from "../store/TokenRecord.js";
import type { OpenStreams } from "../streams/OpenStreams.js";
import type { WebhookService } from "../webhooks/WebhookService.js";

/**
 * One request as the pipeline's checks see it: what arrived, and what each check that
 * passed learned (the method, the decoded data, the token), up to what the method's
 * handler answered. A check reads what the checks before it set.
 */
export interface RequestState {
  /** The HTTP method, e.g. `POST`. */
  readonly httpMethod: string;
  /** The URL path, without the query string. */
  readonly path: string;
  /** What follows `?` in the URL, or `""`. */
  readonly rawQuery: string;
  /** The raw POST body, if any. */
  readonly body: Buffer | undefined;
  /** Why the body could not be read (over the size limit, cut off), if so. */
  readonly bodyError: Error | undefined;
  /** The instant the request arrived (ms since the epoch). */
  readonly now: number;
  /**
   * The request data as a tRPC call decoded it (`/trpc`), not yet known to be an
   * object: its `request_data` step checks it. Absent on `/v1`, whose data is `body` or
   * `rawQuery`.
   */
  readonly input?: unknown;
  /** Set by `method_path`. */
  method?: MethodName;
  /** Set by `request_data`: the request data object, with null prototypes. */
  data?: Record<string, unknown>;
  /** Set by `token_present`: the token's secret as sent. */
  tokenSecret?: string;
  /** Set by `token_known`. */
  token?: TokenRecord;
  /** Set by `parameters`: the method's parameters, parsed. */
  params?: Methods[MethodName]["parsedParams"];
  /** Set by `method_lookups`: what the method's handler answered, or its promise of it. */
  outcome?: MethodOutcome<MethodName> | Promise<MethodOutcome<MethodName>>;
}

/** What the checks and the methods use besides the request: the store, its events and the rate limiter. */
export interface PipelineServices {
  readonly store: Store;
  readonly rateLimiter: RateLimiter;
  readonly events: EventLog;
  readonly webhooks: WebhookService;
  readonly inspections: InspectionStore;
  /** The recorded events as they are recorded, for `/trpc`'s `events.stream`. */
  readonly feed: EventFeed;
  /** The `events.stream` subscriptions open on this server, and their limits. */
  readonly streams: OpenStreams;
  /** Whether the store can be used now (a full disk, a database gone), said once per change. */
  readonly storeAvailability: StoreAvailability;
}

/**
 * One check of the pipeline: passes (returns, or resolves), or throws the `ApiError`
 * it answers with. Synchronous checks return nothing, so the runner awaits only the
 * ones that wait on something.
 */
export type RequestCheckStep = (state: RequestState, services: PipelineServices) => void | Promise<void>;
