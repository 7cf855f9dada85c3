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

// The names of the response headers, after `<prefix>-` for the two prefixed ones.
// Plain constants rather than an object: reading a property may run a getter, so a
// bundler keeps whatever reads one, and the client must not carry the descriptions.
const requestIdName = "Request-ID";
const responseTimeName = "Response-Time";
const retryAfterName = "Retry-After";

/** The form of a request id, as JSON Schema and the OpenAPI document write it. */
const requestIdPatternSource = "^[A-Za-z0-9]{20,}$";

/**
 * The form of a request id: 20 or more letters and digits. Marked pure so that a
 * bundle which never reads it leaves it (and the header descriptions) out.
 */
export const requestIdPattern = /* @__PURE__ */ new RegExp(requestIdPatternSource);

/**
 * The response headers of /v1: each one's name (after `<prefix>-` when `prefixed`),
 * what it means, and the JSON Schema of its value. The two prefixed ones come with
 * every answer of the service; `Retry-After` only with `rate_limit_exceeded`.
 *
 * @see https://docs.wsafe.dev/conventions/#response-headers
 */
export const responseHeaders = {
  requestId: {
    name: requestIdName,
    prefixed: true,
    description:
      "Identifier of this request: 20 or more characters of `A-Z`, `a-z`, `0-9`, unique per request and logged by the server. Quote it when asking for support.",
    schema: { type: "string", pattern: requestIdPatternSource },
  },
  responseTime: {
    name: responseTimeName,
    prefixed: true,
    description:
      "Milliseconds the server spent on this request, an integer; for a streamed answer, until its first records were ready.",
    schema: { type: "integer", minimum: 0 },
  },
  retryAfter: {
    name: retryAfterName,
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
    requestId: `${prefix}-${requestIdName}`,
    responseTime: `${prefix}-${responseTimeName}`,
    retryAfter: retryAfterName,
  };
}

/** The `Content-Type` of every JSON answer. */
export const jsonContentType = "application/json; charset=utf-8";

/** The media type a caller sends request data with. */
export const requestMediaType = "application/json";

/**
 * The service's limits on what a request may be: the request data of a POST body, and
 * the request line plus headers (so also the percent-encoded request data of a GET).
 * Over either, a request answers `request_data_invalid`.
 */
// The sizes are written as literals: as products (`1024 * 1024`) they kept this object in
// every browser bundle of the client, which never reads it (esbuild keeps an initialiser
// with an operator: 22 B of min+gzip, measured).
export const requestLimits = {
  /** Largest POST body: 1 MiB. */
  bodyBytes: 1_048_576,
  /** Largest request line plus headers: 16 KiB; send larger request data with POST. */
  headerBytes: 16_384,
} as const;

/**
 * The methods that change something (their registry permission is `write`): a client
 * must not send one again when the first try may have reached the service - it could
 * make a second endpoint, or rotate a secret twice. Here, zod-free, for the client's
 * retries; a test holds it to the registry.
 *
 * @example
 * import { writeMethodNames } from "@wsafe/schema/wire";
 * writeMethodNames.includes("webhooks.create"); // true
 */
export const writeMethodNames: readonly string[] = [
  "webhooks.create",
  "webhooks.delete",
  "webhooks.rotate_secret",
  "webhooks.redeliver",
  "inspections.record",
];

/** The parameter of a write method that makes a retry of it safe; see {@link keyedWriteMethodNames}. */
export const idempotencyKeyParameter = "idempotency_key";

/**
 * The write methods that take an {@link idempotencyKeyParameter}: the service answers a
 * repeat of the same key and parameters with the first answer, recording nothing, so a
 * client that sends a key of its own may send the call again whatever happened to the
 * first try. Here, zod-free, for the client; a test holds it to the registry.
 *
 * @example
 * import { keyedWriteMethodNames } from "@wsafe/schema/wire";
 * keyedWriteMethodNames.includes("inspections.record"); // true
 */
export const keyedWriteMethodNames: readonly string[] = ["inspections.record"];
