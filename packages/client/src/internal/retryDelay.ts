import { ErrorCode } from "../errors/ErrorCode.js";
import type { WsafeError } from "../errors/WsafeError.js";
import { backoffDelay } from "./backoffDelay.js";
import { certificateFailure } from "./certificateFailure.js";

/**
 * The retry policy with every default filled in; `maxRetries: 0` when retries are off.
 *
 * @example
 * const policy: RetryPolicy = { maxRetries: 3, minDelayMs: 250, maxDelayMs: 30_000 };
 */
export interface RetryPolicy {
  maxRetries: number;
  minDelayMs: number;
  maxDelayMs: number;
}

/**
 * How long to wait before retrying after `attempt` failed with `error`, or undefined when
 * the failure is final: `rate_limit_exceeded` waits `Retry-After` (unless that is longer
 * than `maxDelayMs`); a dropped connection or a reply that is not the envelope backs off,
 * except a 4xx other than 408/429 from something in front of the service, which will
 * answer the same again, and a refused TLS certificate, which is refused again. A read
 * changes nothing, and a write (`keyed`) carries an idempotency key, the same on every
 * try, so the service answers its repeat with the first answer: both are sent again
 * whatever happened to the try before, and a write after a `server_error` too (the
 * service may have failed midway). Every other failure is final.
 *
 * @example
 * retryDelay(error, 1, { maxRetries: 3, minDelayMs: 250, maxDelayMs: 30_000 }); // 2000 after Retry-After: 2
 */
export function retryDelay(
  error: WsafeError,
  attempt: number,
  policy: RetryPolicy,
  keyed = false,
): number | undefined {
  if (attempt > policy.maxRetries) return undefined;
  const backoff = backoffDelay(attempt, policy.minDelayMs, policy.maxDelayMs);
  if (error.code === ErrorCode.ApiError) {
    if (keyed && error.error === "server_error") return backoff;
    if (error.error !== "rate_limit_exceeded") return undefined;
    const wait = error.retryAfter === undefined ? backoff : error.retryAfter * 1000;
    return wait > policy.maxDelayMs ? undefined : wait;
  }
  if (error.code !== ErrorCode.TransportError || certificateFailure(error.cause)) return undefined;
  // No status (no reply at all) is no 4xx.
  const { status = 0 } = error;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return undefined;
  return backoff;
}
