import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeAbortError } from "../../errors/WsafeAbortError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { codedError } from "./codedError.js";

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
