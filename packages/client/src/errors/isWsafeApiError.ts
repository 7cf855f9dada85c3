import type { MethodName } from "@wsafe/schema";
import { ErrorCode } from "./ErrorCode.js";
import { isWsafeError } from "./isWsafeError.js";
import type { WsafeApiErrorOf } from "./WsafeApiErrorOf.js";

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
