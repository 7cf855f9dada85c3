import type { ErrorIdentifier, MethodError, MethodName, ValidationIssue } from "@wsafe/schema";
import type { ResponseMeta } from "./ResponseMeta.js";

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

/** What every error of the client carries: its kind, the method, and the meta of the last reply. */
interface WsafeCodedError<Code extends ErrorCode> extends Error {
  readonly code: Code;
  /** The wire name of the method called, e.g. `"equipments.list"`. */
  readonly method: string;
  /** Request id, server time, HTTP status and attempts of the call. */
  readonly meta: ResponseMeta;
}

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

/**
 * The API errors one method can throw, as a union on `error`, so that
 * `switch (err.error)` narrows and is checked for exhaustiveness.
 *
 * @example
 * function explain(err: WsafeApiErrorOf<"equipments.list">) {
 *   switch (err.error) {
 *     case "content_not_found": return "no such equipment type";
 *     case "rate_limit_exceeded": return `retry in ${err.retryAfter}s`;
 *     default: return err.description;
 *   }
 * }
 */
export type WsafeApiErrorOf<Method extends MethodName> = {
  [Identifier in MethodError<Method>]: WsafeApiError<Method, Identifier>;
}[MethodError<Method>];

/**
 * No /v1 reply: the connection failed or was reset (`status` undefined), or the reply
 * was not the JSON envelope (an HTML page from a proxy, an empty or truncated body).
 *
 * @example
 * if (err.code === ErrorCode.TransportError) console.warn(`HTTP ${err.status}: ${err.bodySnippet}`);
 */
export interface WsafeTransportError extends WsafeCodedError<typeof ErrorCode.TransportError> {
  /** The HTTP status of the reply; undefined when no reply arrived. */
  readonly status: number | undefined;
  /** The start of the body that was not the envelope (up to 200 characters); undefined when no body arrived. */
  readonly bodySnippet: string | undefined;
}

/**
 * The call's `timeoutMs` passed before it ended (retries and their waits included).
 *
 * @example
 * if (err.code === ErrorCode.TimeoutError) console.warn(`gave up after ${err.timeoutMs} ms`);
 */
export interface WsafeTimeoutError extends WsafeCodedError<typeof ErrorCode.TimeoutError> {
  /** The limit that passed. */
  readonly timeoutMs: number;
}

/**
 * The caller's `AbortSignal` fired; `cause` holds the signal's `reason`. Never retried.
 *
 * @example
 * if (err.code === ErrorCode.AbortError) return; // the user navigated away
 */
export interface WsafeAbortError extends WsafeCodedError<typeof ErrorCode.AbortError> {}

/**
 * A reply broke the contract, found by the validator passed as `validateResponses`.
 *
 * @example
 * if (err.code === ErrorCode.ValidationError) for (const i of err.issues) console.error(i.path, i.message);
 */
export interface WsafeValidationError extends WsafeCodedError<typeof ErrorCode.ValidationError> {
  /** Where and how the body differs from the schema. */
  readonly issues: readonly ValidationIssue[];
}

/**
 * Every error a call of `Method` can throw, discriminated by `code`.
 *
 * @example
 * if (isWsafeError(err, "resources.list")) switch (err.code) { case ErrorCode.ApiError: … }
 * @see https://docs.wsafe.dev/client/errors/
 */
export type WsafeError<Method extends MethodName = MethodName> =
  | WsafeApiErrorOf<Method>
  | WsafeTransportError
  | WsafeTimeoutError
  | WsafeAbortError
  | WsafeValidationError;

/**
 * Whether `err` was thrown by this client (for `method`, when given).
 *
 * @param err - what a `catch` caught
 * @param method - the wire name to match; omit for a call of any method
 * @example
 * try { await client.resources.list(); } catch (err) { if (!isWsafeError(err)) throw err; console.warn(err.code); }
 */
export function isWsafeError<Method extends MethodName = MethodName>(
  err: unknown,
  method?: Method,
): err is WsafeError<Method> {
  // Duck-typed rather than `instanceof`, so errors from a second copy of the package still match.
  const { code, method: thrownBy } = (err ?? {}) as { code?: unknown; method?: unknown };
  return (
    err instanceof Error &&
    typeof code === "string" &&
    code.startsWith("wsafe_") &&
    (method === undefined || thrownBy === method)
  );
}

/**
 * Whether `err` is an `ok: false` answer (of `method`, when given); narrows `err.error` to
 * the identifiers that method can answer with.
 *
 * @param err - what a `catch` caught
 * @param method - the wire name to match; omit for a call of any method
 * @example
 * catch (err) {
 *   if (isWsafeApiError(err, "users.info") && err.error === "content_not_found") return undefined;
 *   throw err;
 * }
 */
export function isWsafeApiError<Method extends MethodName = MethodName>(
  err: unknown,
  method?: Method,
): err is WsafeApiErrorOf<Method> {
  return isWsafeError(err, method) && err.code === ErrorCode.ApiError;
}

function codedError<Code extends ErrorCode, Fields extends object>(
  code: Code,
  name: string,
  message: string,
  method: string,
  meta: ResponseMeta,
  fields: Fields,
  cause?: unknown,
) {
  // `cause` goes through the constructor so that Node and browsers print it with the stack.
  const error = new Error(message, cause === undefined ? undefined : { cause });
  error.name = name;
  return Object.assign(error, { code, method, meta }, fields);
}

/**
 * Turns a failure envelope into the API error (internal factory, named for its input).
 *
 * @internal
 * @example
 * apiErrorFromBody("users.info", { error: "content_not_found" }, meta, undefined);
 */
export function apiErrorFromBody(
  method: string,
  body: { error: string; description?: unknown },
  meta: ResponseMeta,
  retryAfter: number | undefined,
): WsafeApiError<string> {
  const description = typeof body.description === "string" ? body.description : undefined;
  return codedError(
    ErrorCode.ApiError,
    "WsafeApiError",
    `${method}: ${body.error}${description ? ` (${description})` : ""}`,
    method,
    meta,
    {
      error: body.error as ErrorIdentifier,
      description,
      requestId: meta.requestId,
      retryAfter: body.error === "rate_limit_exceeded" ? retryAfter : undefined,
    },
  );
}

/**
 * Turns a reply that is not the envelope into a transport error (internal factory).
 *
 * @internal
 * @example
 * transportErrorFromReply("resources.list", "<html>502 Bad Gateway</html>", meta);
 */
export function transportErrorFromReply(
  method: string,
  text: string,
  meta: ResponseMeta,
): WsafeTransportError {
  const bodySnippet = text.slice(0, 200);
  return codedError(
    ErrorCode.TransportError,
    "WsafeTransportError",
    `${method}: HTTP ${meta.status} reply is not a /v1 JSON envelope: ${JSON.stringify(bodySnippet.slice(0, 80))}`,
    method,
    meta,
    { status: meta.status, bodySnippet },
  );
}

/**
 * Turns a failed `fetch` or body read (refused, reset, DNS) into a transport error (internal factory).
 *
 * @internal
 * @example
 * transportErrorFromCause("resources.list", new TypeError("fetch failed"), meta);
 */
export function transportErrorFromCause(
  method: string,
  cause: unknown,
  meta: ResponseMeta,
): WsafeTransportError {
  return codedError(
    ErrorCode.TransportError,
    "WsafeTransportError",
    `${method}: no reply (${cause instanceof Error ? cause.message : String(cause)})`,
    method,
    meta,
    { status: meta.status, bodySnippet: undefined },
    cause,
  );
}

/**
 * The timeout error of a call that ran out of time (internal factory).
 *
 * @internal
 * @example
 * timeoutErrorAfter("resources.list", 5000, meta);
 */
export function timeoutErrorAfter(method: string, timeoutMs: number, meta: ResponseMeta): WsafeTimeoutError {
  return codedError(
    ErrorCode.TimeoutError,
    "WsafeTimeoutError",
    `${method}: timed out after ${timeoutMs} ms`,
    method,
    meta,
    {
      timeoutMs,
    },
  );
}

/**
 * The abort error of a call whose signal fired, keeping the signal's reason as `cause` (internal factory).
 *
 * @internal
 * @example
 * abortErrorFromReason("resources.list", signal.reason, meta);
 */
export function abortErrorFromReason(method: string, reason: unknown, meta: ResponseMeta): WsafeAbortError {
  return codedError(ErrorCode.AbortError, "WsafeAbortError", `${method}: aborted`, method, meta, {}, reason);
}

/**
 * The validation error of a reply that breaks the contract (internal factory).
 *
 * @internal
 * @example
 * validationErrorFromIssues("users.info", [{ path: "user.name", message: "Required" }], meta);
 */
export function validationErrorFromIssues(
  method: string,
  issues: readonly ValidationIssue[],
  meta: ResponseMeta,
): WsafeValidationError {
  const first = issues[0];
  return codedError(
    ErrorCode.ValidationError,
    "WsafeValidationError",
    `${method}: reply breaks the schema${first ? ` at ${first.path}: ${first.message}` : ""}`,
    method,
    meta,
    { issues },
  );
}
