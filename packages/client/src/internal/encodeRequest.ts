import { jsonContentType, methodUrlPath } from "@wsafe/schema/wire";
import type { FetchInit } from "../FetchLike.js";

/**
 * Builds the URL and `fetch` options of one request, as the interface specifies:
 * `{baseUrl}/v1/<method>`; POST sends the JSON request data as the body, GET sends it
 * as the whole query string, `encodeURIComponent(JSON.stringify(data))`.
 *
 * @example
 * const [url, init] = encodeRequest("https://wsafe.test", "users.info", { token, user: "u_ada" }, "GET", signal);
 * // url: https://wsafe.test/v1/users.info?%7B%22token%22%3A…
 */
export function encodeRequest(
  baseUrl: string,
  method: string,
  data: object,
  httpMethod: "POST" | "GET",
  signal: AbortSignal,
): [url: string, init: FetchInit] {
  const url = `${baseUrl}${methodUrlPath(encodeURIComponent(method))}`;
  const json = JSON.stringify(data);
  // GET carries no header at all, so a browser sends it cross-origin without a pre-flight.
  if (httpMethod === "GET")
    return [`${url}?${encodeURIComponent(json)}`, { method: "GET", headers: {}, signal }];
  return [url, { method: "POST", headers: { "content-type": jsonContentType }, body: json, signal }];
}
