import { headerNames } from "@wsafe/schema/wire";
import type { ResponseLike } from "../FetchLike.js";
import type { ResponseMeta } from "../ResponseMeta.js";

/**
 * Reads the request id and server time a reply carries (`<prefix>-Request-ID`, `<prefix>-Response-Time`).
 *
 * @example
 * metaFromHeaders(response, "SVC", 1); // { requestId: "Zx81…", responseTime: 3, status: 200, attempts: 1 }
 */
export function metaFromHeaders(
  response: ResponseLike,
  headerPrefix: string,
  attempts: number,
): ResponseMeta {
  const names = headerNames(headerPrefix);
  const time = response.headers.get(names.responseTime);
  return {
    requestId: response.headers.get(names.requestId) ?? undefined,
    responseTime: time === null || Number.isNaN(Number(time)) ? undefined : Number(time),
    status: response.status,
    attempts,
  };
}
