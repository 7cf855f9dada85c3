import type { ErrorCode } from "./ErrorCode.js";
import type { WsafeCodedError } from "./WsafeCodedError.js";

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
