import type { ErrorCode } from "./ErrorCode.js";
import type { WsafeCodedError } from "./WsafeCodedError.js";

/**
 * The caller's `AbortSignal` fired; `cause` holds the signal's `reason`. Never retried.
 *
 * @example
 * if (err.code === ErrorCode.AbortError) return; // the user navigated away
 */
export interface WsafeAbortError extends WsafeCodedError<typeof ErrorCode.AbortError> {}
