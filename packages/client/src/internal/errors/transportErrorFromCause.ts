import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeTransportError } from "../../errors/WsafeTransportError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { codedError } from "./codedError.js";

/**
 * Turns a failed `fetch` or body read (refused, reset, DNS) into a transport error (internal factory).
 *
 * @internal
 * @example
 * transportErrorFromCause("resources.list", new TypeError("fetch failed"), meta);
 */
export function transportErrorFromCause(
  method: string,
  cause: unknown,
  meta: ResponseMeta,
): WsafeTransportError {
  return codedError(
    ErrorCode.TransportError,
    "WsafeTransportError",
    `${method}: no reply (${cause instanceof Error ? cause.message : String(cause)})`,
    method,
    meta,
    { status: meta.status, bodySnippet: undefined },
    cause,
  );
}
