/**
 * The kind of failure a call ended with: `err.code` of every {@link WsafeError}.
 *
 * @example
 * import { ErrorCode } from "@wsafe/client";
 * if (err.code === ErrorCode.TransportError) console.warn(err.status, err.bodySnippet);
 * @see https://docs.wsafe.dev/client/errors/
 */
export const ErrorCode = {
  /** The service answered `ok: false`; `error` says why. */
  ApiError: "wsafe_api_error",
  /** No /v1 reply: the connection failed, or the reply was not the JSON envelope (a proxy's page, an empty body). */
  TransportError: "wsafe_transport_error",
  /** The call's `timeoutMs` passed, retries included. */
  TimeoutError: "wsafe_timeout_error",
  /** The caller's `AbortSignal` fired. */
  AbortError: "wsafe_abort_error",
  /** Response validation (switched on with `validateResponses`) found a reply that breaks the contract. */
  ValidationError: "wsafe_validation_error",
} as const;

/**
 * One of the {@link ErrorCode} values.
 *
 * @example
 * const code: ErrorCode = ErrorCode.TimeoutError;
 */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
