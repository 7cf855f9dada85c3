import type { ErrorIdentifier, MethodName } from "@wsafe/schema";
import type { ErrorCode } from "./ErrorCode.js";
import type { WsafeCodedError } from "./WsafeCodedError.js";

/**
 * The service answered `{ ok: false, error, description }`. With both type parameters
 * left out, `error` is any identifier; {@link WsafeApiErrorOf} narrows it per method.
 *
 * @example
 * if (isWsafeApiError(err, "users.info") && err.error === "content_not_found") return undefined;
 * @see https://docs.wsafe.dev/errors/
 */
export interface WsafeApiError<
  Method extends string = MethodName,
  Identifier extends ErrorIdentifier = ErrorIdentifier,
> extends WsafeCodedError<typeof ErrorCode.ApiError> {
  readonly method: Method;
  /** The error identifier of the envelope. */
  readonly error: Identifier;
  /** The envelope's `description`, for people; it names the offending parameter where there is one. */
  readonly description: string | undefined;
  /** The `SVC-Request-ID` of the reply (also in `meta`), to quote to support. */
  readonly requestId: string | undefined;
  /** Seconds the service asked to wait (`Retry-After`), on `rate_limit_exceeded` only. */
  readonly retryAfter: "rate_limit_exceeded" extends Identifier ? number | undefined : undefined;
}
