// Loaded only with --redis (in create): the Redis client costs a process start ~0.2 s of
// CPU that a server counting in memory, and every `wsafe` command, would pay for nothing.
import type { Redis } from "ioredis";
import { ApiError } from "../errors/ApiError.js";
import { MemoryRateCounter } from "./MemoryRateCounter.js";

/** A request limit: `points` requests per `durationSeconds` per token. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
}

/** The limit when none is configured: 600 requests per 60 seconds per token. */
export const defaultRateLimit: RateLimit = { points: 600, durationSeconds: 60 };

/** The refusal of a request over the limit, `ms` before its window ends. */
function exceeded(ms: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(ms / 1000));
  return new ApiError("rate_limit_exceeded", `request limit exceeded; retry after ${retryAfter} s`, {
    retryAfter,
  });
}

/**
 * Counts requests per token (the `rate_limit` check of `requestChecks` in `@wsafe/schema`): in this process's memory, or in
 * Redis so that every server process sharing it shares one limit.
 */
export class RateLimiter {
  private constructor(
    /**
     * Counts one request of a token: synchronously in memory, asynchronously in Redis.
     *
     * @param key - a stable non-secret key of the token (never the secret)
     * @throws ApiError `rate_limit_exceeded` with `retryAfter` when over the limit (in
     *   memory thrown, in Redis the returned promise rejects with it)
     */
    readonly consume: (key: string) => void | Promise<void>,
    private readonly memory: MemoryRateCounter | undefined,
    private readonly redis: Redis | undefined,
  ) {}

  /**
   * Creates a limiter; with `redisUrl` it connects first, so a wrong URL fails the start.
   *
   * @param limit - requests per window
   * @param redisUrl - `redis://...` to share counters between processes
   */
  static async create(limit: RateLimit, redisUrl?: string): Promise<RateLimiter> {
    // In memory, our own synchronous counter with the semantics of rate-limiter-flexible's
    // RateLimiterMemory (MemoryRateCounter.test.ts compares them): no promise per request.
    if (!redisUrl) {
      const counter = new MemoryRateCounter(limit.points, limit.durationSeconds);
      const consume = (key: string) => {
        const refusedFor = counter.consume(key);
        if (refusedFor !== undefined) throw exceeded(refusedFor);
      };
      return new RateLimiter(consume, counter, undefined);
    }
    // Commands fail fast instead of queueing while Redis is away: the request then
    // answers server_error rather than hanging.
    const [{ Redis }, { RateLimiterRedis, RateLimiterRes }] = await Promise.all([
      import("ioredis"),
      import("rate-limiter-flexible"),
    ]);
    const redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    redis.on("error", () => {});
    await redis.connect();
    const limiter = new RateLimiterRedis({
      points: limit.points,
      duration: limit.durationSeconds,
      keyPrefix: "wsafe-rl",
      storeClient: redis,
    });
    // The library rejects with a RateLimiterRes over the limit, and with the error itself
    // when Redis fails: only the first is the caller's refusal.
    const consume = (key: string) =>
      limiter.consume(key).then(
        () => undefined,
        (rejection: unknown) => {
          throw rejection instanceof RateLimiterRes ? exceeded(rejection.msBeforeNext) : rejection;
        },
      );
    return new RateLimiter(consume, undefined, redis);
  }

  /** Whether the counters live in Redis (and readiness should ask it). */
  get usesRedis(): boolean {
    return this.redis !== undefined;
  }

  /**
   * Asks Redis whether it answers (`PING`); true without Redis. Fails fast when the
   * connection is down, since the offline queue is off.
   */
  async ping(): Promise<boolean> {
    if (!this.redis) return true;
    return (await this.redis.ping().catch(() => "")) === "PONG";
  }

  /** Disconnects from Redis, if used. */
  async close(): Promise<void> {
    this.memory?.close();
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
