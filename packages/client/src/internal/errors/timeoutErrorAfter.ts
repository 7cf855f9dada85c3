import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeTimeoutError } from "../../errors/WsafeTimeoutError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { codedError } from "./codedError.js";

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
