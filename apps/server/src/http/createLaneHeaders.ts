import { jsonContentType } from "@wsafe/schema";

/** What the API lane's header lists are made of, as the responder has them. */
export interface LaneHeaderParts {
  /** The request-id, response-time and retry-after header names, in lower case as Fastify sends them. */
  requestIdName: string;
  responseTimeName: string;
  retryAfterName: string;
  /** The CORS headers, as a flat name/value list. */
  corsHeaders: readonly string[];
  /** `Strict-Transport-Security` value; absent or empty: none. */
  hsts: string | undefined;
}

/**
 * Makes a flat name/value header list for `writeHead`, per answer.
 *
 * @param contentLength - the body's bytes; absent for a streamed body
 */
export type LaneHeaders = (
  requestId: string,
  elapsedMs: number,
  retryAfter: number | undefined,
  contentLength: number | undefined,
) => string[];

/**
 * The API lane's headers: the very names, values and order an answer through Fastify
 * carries, HSTS first. What does not change between answers is made once here.
 *
 * @param parts - the header names, CORS headers and HSTS of the server's responder
 */
export function createLaneHeaders(parts: LaneHeaderParts): LaneHeaders {
  const { requestIdName, responseTimeName, retryAfterName, corsHeaders, hsts } = parts;
  // Fastify's route gets HSTS from the application's request hook, first, and only when
  // it is set and not empty (the hook's own test); the lane's list starts with it. The
  // rest of the list never changes between answers.
  const laneHead = hsts ? ["strict-transport-security", hsts] : [];
  const laneTail = [...corsHeaders, "content-type", jsonContentType];
  // The list of the most common answer (no Retry-After, a length), copied whole and its
  // three values filled in: one array of the final size per answer, where pushing onto
  // a copy of the head grew it three times.
  const answerList = [
    ...laneHead,
    requestIdName,
    "",
    responseTimeName,
    "",
    ...laneTail,
    "content-length",
    "",
  ];
  const idAt = laneHead.length + 1;
  const timeAt = idAt + 2;
  const lengthAt = answerList.length - 1;

  return function laneHeaders(requestId, elapsedMs, retryAfter, contentLength) {
    if (retryAfter === undefined && contentLength !== undefined) {
      const headers = answerList.slice();
      headers[idAt] = requestId;
      headers[timeAt] = String(Math.round(elapsedMs));
      headers[lengthAt] = String(contentLength);
      return headers;
    }
    const headers = laneHead.slice();
    if (retryAfter !== undefined) headers.push(retryAfterName, String(retryAfter));
    headers.push(requestIdName, requestId, responseTimeName, String(Math.round(elapsedMs)));
    for (const item of laneTail) headers.push(item);
    if (contentLength !== undefined) headers.push("content-length", String(contentLength));
    return headers;
  };
}
