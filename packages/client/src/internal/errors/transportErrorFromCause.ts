import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeTransportError } from "../../errors/WsafeTransportError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { certificateFailure } from "../certificateFailure.js";
import { codedError } from "./codedError.js";

/**
 * Turns a failed `fetch` or body read (refused, reset, DNS) into a transport error (internal factory).
 * A refused TLS certificate gets a message of its own: Node says only `fetch failed` and
 * keeps the code in a nested `cause`, where a newcomer does not look; the message names
 * the code and the fix that works in every Node program.
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
  const tls = certificateFailure(cause);
  return codedError(
    ErrorCode.TransportError,
    "WsafeTransportError",
    tls
      ? `${method}: TLS certificate refused (${tls.code}: ${tls.message}); not retried. To trust it, start Node with NODE_EXTRA_CA_CERTS=<its PEM file>`
      : `${method}: no reply (${cause instanceof Error ? cause.message : String(cause)})`,
    method,
    meta,
    { status: meta.status, bodySnippet: undefined },
    cause,
  );
}
