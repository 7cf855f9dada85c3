/**
 * The wire facts of /v1 that are not payloads: the URL of a method, the response
 * headers and their prefix, the content type. Written once here; the server, the
 * client, the conformance kit, the OpenAPI document and the docs read them.
 *
 * This module imports nothing (no zod), so the client can use it at run time for a
 * few bytes: `import { headerNames } from "@wsafe/schema/wire"`.
 *
 * @packageDocumentation
 */

/** The path segment of the API version, before every method name. */
export const apiVersion = "v1";

/**
 * The URL path of a method: `/v1/<method>`.
 *
 * @param method - the method's wire name
 * @example
 * methodUrlPath("users.info"); // "/v1/users.info"
 */
export function methodUrlPath(method: string): string {
  return `/${apiVersion}/${method}`;
}

/** The prefix of the request-id and response-time headers unless an operator sets another. */
export const defaultHeaderPrefix = "SVC";

/**
 * The response headers of /v1: each one's name (after `<prefix>-` when `prefixed`), what it means, and the JSON Schema of its value. The
 * two prefixed ones come with every answer of the service; `Retry-After` only with
 * `rate_limit_exceeded`.
 *
 * @see https://docs.wsafe.dev/conventions/#response-headers
 */
export const responseHeaders = {
  requestId: {
    name: "Request-ID",
    prefixed: true,
    description:
      "Identifier of this request (20 or more characters of A-Z, a-z, 0-9), for support. Also logged.",
    schema: { type: "string", pattern: "^[A-Za-z0-9]{20,}$" },
  },
  responseTime: {
    name: "Response-Time",
    prefixed: true,
    description: "Time the server spent on this request, in integer milliseconds.",
    schema: { type: "integer", minimum: 0 },
  },
  retryAfter: {
    name: "Retry-After",
    prefixed: false,
    description: "Only with `rate_limit_exceeded`: seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
} as const;

/** The role of one response header: `requestId`, `responseTime` or `retryAfter`. */
export type ResponseHeader = keyof typeof responseHeaders;

/** The names of the response headers under one prefix. */
export type HeaderNames = { readonly [Header in ResponseHeader]: string };

/**
 * The names of the response headers under a prefix.
 *
 * @param prefix - the deployment's prefix; default `SVC`
 * @example
 * headerNames().requestId; // "SVC-Request-ID"
 * headerNames("ACME").responseTime; // "ACME-Response-Time"
 */
export function headerNames(prefix: string = defaultHeaderPrefix): HeaderNames {
  return {
    requestId: `${prefix}-${responseHeaders.requestId.name}`,
    responseTime: `${prefix}-${responseHeaders.responseTime.name}`,
    retryAfter: responseHeaders.retryAfter.name,
  };
}

/** Whether a request id has the documented form: 20 or more letters and digits. */
export const requestIdPattern = new RegExp(responseHeaders.requestId.schema.pattern);

/** The `Content-Type` of every JSON answer. */
export const jsonContentType = "application/json; charset=utf-8";

/** The media type a caller sends request data with. */
export const requestMediaType = "application/json";
