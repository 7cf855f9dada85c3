import type { ErrorCode } from "./ErrorCode.js";
import type { WsafeCodedError } from "./WsafeCodedError.js";

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
