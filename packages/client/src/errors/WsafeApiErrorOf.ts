import type { MethodError, MethodName } from "@wsafe/schema";
import type { WsafeApiError } from "./WsafeApiError.js";

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
