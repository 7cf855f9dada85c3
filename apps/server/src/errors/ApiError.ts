import type { ErrorIdentifier } from "@wsafe/schema";

/**
 * The one error the service throws on purpose: it becomes the failure envelope
 * `{ ok: false, error, description }`. Anything else thrown is turned into
 * `server_error` at the edge, with its cause logged and never sent.
 *
 * @example
 * throw new ApiError("content_not_found", `user not found: ${id}`);
 */
export class ApiError extends Error {
  /**
   * @param error - the identifier callers branch on
   * @param description - for people; names the offending key, never internals
   * @param options - `retryAfter` seconds for `rate_limit_exceeded`; `cause` for the log only
   */
  constructor(
    readonly error: ErrorIdentifier,
    readonly description: string,
    options: { retryAfter?: number; cause?: unknown } = {},
  ) {
    super(`${error}: ${description}`, { cause: options.cause });
    this.name = "ApiError";
    this.retryAfter = options.retryAfter;
  }

  /** Seconds after which a rate-limited caller may retry (sent as `Retry-After`). */
  readonly retryAfter: number | undefined;
}
