import { headerNames } from "@wsafe/schema/wire";
import type { ResponseLike } from "../FetchLike.js";
import type { ResponseMeta } from "../ResponseMeta.js";

const wholeMilliseconds = /^\d+$/;

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
    // Integer milliseconds, as the contract writes it; anything else (a header a proxy
    // emptied or rewrote) is no server time, not `Number`'s guess at it ("" is 0). An
    // absent header reads "null", which is no number either.
    responseTime: wholeMilliseconds.test(String(time)) ? Number(time) : undefined,
    status: response.status,
    attempts,
  };
}
