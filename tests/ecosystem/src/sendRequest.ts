import { methodUrlPath, requestMediaType } from "@wsafe/schema";
import type { RequestCase } from "./requestCases.js";

/** One answer as the suite compares it. */
export interface Answer {
  status: number;
  body: unknown;
  /** Prism's findings on this exchange (its `sl-violations` header); `[]` without a proxy. */
  violations: { location: string[]; severity: string; code: string | number; message: string }[];
}

/** How a case travels: POST with the data as a JSON body, GET with it as the whole query string. */
export type HttpMethod = "GET" | "POST";

/**
 * Sends one case to a base URL as the docs tell a caller to: POST with
 * `Content-Type: application/json`, GET with the percent-encoded JSON as the query
 * string.
 *
 * @param baseUrl - the server or the proxy
 * @param request - the case
 * @param httpMethod - GET or POST
 */
export async function sendRequest(
  baseUrl: string,
  request: RequestCase,
  httpMethod: HttpMethod,
): Promise<Answer> {
  const path = methodUrlPath(request.method);
  const json = JSON.stringify(request.data);
  const response =
    httpMethod === "POST"
      ? await fetch(`${baseUrl}${path}`, {
          method: "POST",
          headers: { "content-type": requestMediaType },
          body: json,
        })
      : await fetch(`${baseUrl}${path}?${encodeURIComponent(json)}`);
  const text = await response.text();
  const violations = response.headers.get("sl-violations");
  return {
    status: response.status,
    body: JSON.parse(text),
    violations: violations ? JSON.parse(violations) : [],
  };
}
