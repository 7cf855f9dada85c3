import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeTransportError } from "../../errors/WsafeTransportError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { codedError } from "./codedError.js";

/**
 * Turns a reply that is not the envelope into a transport error (internal factory).
 *
 * @internal
 * @example
 * transportErrorFromReply("resources.list", "<html>502 Bad Gateway</html>", meta);
 */
export function transportErrorFromReply(
  method: string,
  text: string,
  meta: ResponseMeta,
): WsafeTransportError {
  const bodySnippet = text.slice(0, 200);
  return codedError(
    ErrorCode.TransportError,
    "WsafeTransportError",
    `${method}: HTTP ${meta.status} reply is not a /v1 JSON envelope: ${JSON.stringify(bodySnippet.slice(0, 80))}`,
    method,
    meta,
    { status: meta.status, bodySnippet },
  );
}
