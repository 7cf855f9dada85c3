import type { ErrorCode } from "../../errors/ErrorCode.js";
import type { ResponseMeta } from "../../ResponseMeta.js";

/**
 * Builds an `Error` named `name` carrying `code`, `method`, `meta` and `fields`: the one
 * constructor every error factory of the client goes through.
 *
 * @internal
 * @example
 * codedError(ErrorCode.AbortError, "WsafeAbortError", "users.info: aborted", "users.info", meta, {}, reason);
 */
export function codedError<Code extends ErrorCode, Fields extends object>(
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
