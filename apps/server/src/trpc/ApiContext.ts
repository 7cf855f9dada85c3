import type { RateLimiter } from "../rateLimit/RateLimiter.js";
import type { Store } from "../store/Store.js";

/** What every procedure call gets: the store, the limiter and the request's clock. */
export interface ApiContext {
  store: Store;
  rateLimiter: RateLimiter;
  /** The instant statuses are computed at: when the request arrived (ms). */
  now: number;
}
