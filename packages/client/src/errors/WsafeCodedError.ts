import type { ResponseMeta } from "../ResponseMeta.js";
import type { ErrorCode } from "./ErrorCode.js";

/**
 * What every error of the client carries: its kind, the method, and the meta of the
 * last reply. The base of each public error type; not exported from the package root.
 *
 * @example
 * interface WsafeAbortError extends WsafeCodedError<typeof ErrorCode.AbortError> {}
 */
export interface WsafeCodedError<Code extends ErrorCode> extends Error {
  readonly code: Code;
  /** The wire name of the method called, e.g. `"equipments.list"`. */
  readonly method: string;
  /** Request id, server time, HTTP status and attempts of the call. */
  readonly meta: ResponseMeta;
}
