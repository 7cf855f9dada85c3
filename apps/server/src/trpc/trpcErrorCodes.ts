import { type TRPC_ERROR_CODE_KEY, TRPCError } from "@trpc/server";
import type { ErrorIdentifier } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";

/**
 * The tRPC error code, and so the HTTP status, of each /v1 identifier when a `/trpc`
 * call fails with it. `/v1` always answers 200 (the contract); over `/trpc` a caller and
 * every proxy between read the status as HTTP means it: a refused token is 401 or 403,
 * a bad parameter 400, a missing record 404, a limit 429 (with `Retry-After`). The
 * identifier itself travels in the error's `data.error`. Exhaustive over the
 * identifiers: a new one does not build without its code here.
 */
export const trpcErrorCodes = {
  api_method_not_found: "NOT_FOUND", // 404: no procedure at that path
  request_method_invalid: "METHOD_NOT_SUPPORTED", // 405
  request_data_invalid: "BAD_REQUEST", // 400
  token_missing: "UNAUTHORIZED", // 401: send a token
  token_invalid: "UNAUTHORIZED", // 401: this one authenticates nobody
  token_inactive: "UNAUTHORIZED", // 401: it did once; it no longer does
  account_inactive: "FORBIDDEN", // 403: the token is good, its account may do nothing
  rate_limit_exceeded: "TOO_MANY_REQUESTS", // 429, with Retry-After
  token_permission: "FORBIDDEN", // 403: the token is good, the method needs more
  parameter_unexpected: "BAD_REQUEST", // 400
  parameter_missing: "BAD_REQUEST", // 400
  parameter_invalid: "BAD_REQUEST", // 400
  content_not_found: "NOT_FOUND", // 404
  limit_reached: "CONFLICT", // 409: the account holds all it may; remove one first
  idempotency_key_reused: "UNPROCESSABLE_CONTENT", // 422: the key names another request (IETF idempotency draft)
  external_id_taken: "CONFLICT", // 409: another equipment holds the key
  version_mismatch: "PRECONDITION_FAILED", // 412: as HTTP's If-Match failing
  metafield_in_use: "CONFLICT", // 409: equipment still set it; unset it first
  cursor_expired: "BAD_REQUEST", // 400: start again without a cursor (HTTP 410 has no tRPC code)
  server_error: "INTERNAL_SERVER_ERROR", // 500
} as const satisfies { readonly [Identifier in ErrorIdentifier]: TRPC_ERROR_CODE_KEY };

/**
 * What tRPC's own failures mean in /v1's words: they happen where `/v1` runs its
 * `method_path`, `http_method` and `request_data` checks (tRPC's adapter routes the
 * call, checks its HTTP method and decodes its input). Anything else is `server_error`.
 */
const identifiersOfTrpcCodes: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorIdentifier>> = {
  NOT_FOUND: "api_method_not_found",
  METHOD_NOT_SUPPORTED: "request_method_invalid",
  PARSE_ERROR: "request_data_invalid",
  BAD_REQUEST: "request_data_invalid",
  PAYLOAD_TOO_LARGE: "request_data_invalid",
  UNSUPPORTED_MEDIA_TYPE: "request_data_invalid",
};

/**
 * The /v1 identifier of a failed `/trpc` call: the `ApiError` it carries, or what tRPC's
 * own code means.
 *
 * @param error - the call's error, as tRPC hands it to the formatter and `onError`
 * @example
 * identifierOf(new TRPCError({ code: "NOT_FOUND" })); // "api_method_not_found"
 */
export function identifierOf(error: TRPCError): ErrorIdentifier {
  if (error.cause instanceof ApiError) return error.cause.error;
  return identifiersOfTrpcCodes[error.code] ?? "server_error";
}

/**
 * What a procedure throws for a failure: an `ApiError` becomes a `TRPCError` of its
 * identifier's code (so tRPC answers its HTTP status), keeping the `ApiError` as its
 * cause; anything else goes on as it is, for tRPC to make an `INTERNAL_SERVER_ERROR`.
 *
 * @param error - what a check or the handler threw
 */
export function toTrpcError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new TRPCError({ code: trpcErrorCodes[error.error], message: error.description, cause: error });
}
