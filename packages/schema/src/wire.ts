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
 * The last word of the name of every method that only reads (`equipments.list`,
 * `users.info`, `equipments.changes`, `webhooks.deliveries`). Every other method changes
 * something: it needs the `write` permission and takes an {@link idempotencyKeyParameter}.
 * A rule rather than a list of methods, so that the client tells a write by its name and
 * does not grow with each write method; the schema's tests hold the registry to it.
 */
export const readMethodVerbs = ["list", "info", "changes", "deliveries"] as const;

/** The name of a method that only reads: `<namespace>.<read verb>` (see {@link readMethodVerbs}). */
export type ReadMethodName = `${string}.${(typeof readMethodVerbs)[number]}`;

/**
 * Whether the method of this name changes something (needs `write`): true for every
 * method whose name does not end in a read verb. Such a method takes an
 * {@link idempotencyKeyParameter}, so a client that sends a key of its own may send the
 * call again whatever happened to the first try.
 *
 * @param method - the method's wire name
 * @example
 * import { isWriteMethod } from "@wsafe/schema/wire";
 * isWriteMethod("webhooks.create"); // true
 * isWriteMethod("webhooks.list"); // false
 */
export function isWriteMethod(method: string): boolean {
  // The verbs again, as a literal: the fewest bytes in the client's bundle (a test holds
  // it to `readMethodVerbs`).
  return !/\.(list|info|changes|deliveries)$/.test(method);
}

/**
 * The parameter every write method takes (see {@link isWriteMethod}): the service
 * answers a repeat of the same key and parameters with the first answer, changing
 * nothing more.
 */
export const idempotencyKeyParameter = "idempotency_key";

/**
 * The write methods of 1.2.0. Every write method now takes an
 * {@link idempotencyKeyParameter}, and this list does not grow with new ones.
 *
 * @deprecated Use {@link isWriteMethod}, which knows every write method; removed in 2.0.0.
 */
export const writeMethodNames: readonly string[] = [
  "webhooks.create",
  "webhooks.delete",
  "webhooks.rotate_secret",
  "webhooks.redeliver",
  "inspections.record",
];

/**
 * The write methods of 1.2.0, each of which takes an {@link idempotencyKeyParameter}, as
 * every write method now does; this list does not grow with new ones.
 *
 * @deprecated Use {@link isWriteMethod}: every write takes a key; removed in 2.0.0.
 */
export const keyedWriteMethodNames: readonly string[] = writeMethodNames;
