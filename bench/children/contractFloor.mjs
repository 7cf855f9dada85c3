// The contract's floor (issue 38): Node's own `https` doing the least the contract asks
// of `resources.list` and nothing else - no framework, router, logger, metrics,
// in-flight count or socket timeouts. Per request: the body read and strictly decoded
// (UTF-8, a BOM tolerated; `JSON.parse`; an object), the token checks in the contract's
// order with the token found by its SHA-256 digest (as wsafe's store keeps digests,
// never secrets), a count against the token's rate limit, the permission, the
// parameters' keys; then the very headers wsafe writes - request id, response time,
// CORS, content type and length, in wsafe's order and case - and the bytes wsafe
// answered, kept. The bench checks that its answer's headers are wsafe's byte for byte
// apart from the id, the time and the date before timing it. It answers whole lists
// only: pages, cursors and the other methods are not the call measured, so the kit
// finds it a floor.
import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { headerNames, jsonContentType, methodUrlPath } from "@wsafe/schema";
import { childOptions, listenOnLoopback } from "./childIpc.mjs";
import { newContractRequestId } from "./contractRequestId.mjs";
import { acceptProfilingRequests } from "./cpuProfiler.mjs";

const { tls, bodyPath, tokens: secrets, rateLimit } = childOptions();
const path = methodUrlPath("resources.list");
const maxBodyBytes = 1024 * 1024;
const keptBody = readFileSync(bodyPath);
const keptPrettyBody = Buffer.from(JSON.stringify(JSON.parse(keptBody.toString("utf8")), null, 2));
const emptyList = Buffer.from(JSON.stringify({ ok: true, resources: [] }));
const emptyPrettyList = Buffer.from(JSON.stringify({ ok: true, resources: [] }, null, 2));

/** Each token's record under the hex of its SHA-256 digest, as a store keeps them. */
const tokens = new Map(
  [secrets.read, secrets.other].map((secret) => [
    hash("sha256", secret, "hex"),
    { own: secret === secrets.read, active: true, accountActive: true, permissions: ["read"] },
  ]),
);
/** The contract's check 8: a count per token in windows of the limit's duration. */
const windows = new Map();
const windowMs = rateLimit.durationSeconds * 1000;

const names = headerNames();
const exposed = `${names.requestId}, ${names.responseTime}, ${names.retryAfter}`;
const cors = ["access-control-allow-origin", "*", "access-control-expose-headers", exposed];
const requestIdName = names.requestId.toLowerCase();
const responseTimeName = names.responseTime.toLowerCase();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const known = new Set(["token", "pretty", "limit", "cursor"]);

/**
 * Writes an answer with the contract's headers, in wsafe's order.
 *
 * @param {import("node:http").ServerResponse} response
 * @param {number} started - `performance.now()` at the request's headers
 * @param {Buffer | string} bytes
 */
function write(response, started, bytes) {
  const length = typeof bytes === "string" ? Buffer.byteLength(bytes) : bytes.length;
  response.writeHead(200, [
    requestIdName,
    newContractRequestId(),
    responseTimeName,
    String(Math.round(performance.now() - started)),
    ...cors,
    "content-type",
    jsonContentType,
    "content-length",
    String(length),
  ]);
  response.end(bytes);
}

/** @param {string} error @param {string} description @param {boolean} [pretty] */
function failure(error, description, pretty = false) {
  return JSON.stringify({ ok: false, error, description }, null, pretty ? 2 : undefined);
}

/**
 * The request data: POST's body strictly decoded, or GET's query string; `{}` when
 * absent. A string is a failure's body.
 *
 * @param {string} method
 * @param {string} query
 * @param {Buffer} body
 * @returns {Record<string, unknown> | string}
 */
function requestData(method, query, body) {
  let text;
  try {
    text = method === "GET" ? decodeURIComponent(query) : strictUtf8.decode(body);
  } catch {
    return failure("request_data_invalid", "request data is not valid UTF-8 or percent-encoding");
  }
  if (/^[ \t\n\r]*$/.test(text)) return {};
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return failure("request_data_invalid", "request data is not valid JSON");
  }
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return failure("request_data_invalid", "request data is not a JSON object");
  return data;
}

/**
 * The contract's checks from the token on, and the answer's bytes.
 *
 * @param {Record<string, unknown>} data
 * @param {number} now
 * @returns {Buffer | string}
 */
function answer(data, now) {
  const pretty = data.pretty === true;
  const secret = Object.hasOwn(data, "token") ? data.token : undefined;
  if (secret === undefined || secret === "")
    return failure("token_missing", "missing parameter: token", pretty);
  if (typeof secret !== "string") return failure("token_invalid", "invalid parameter: token", pretty);
  const digest = hash("sha256", secret, "hex");
  const token = tokens.get(digest);
  if (!token) return failure("token_invalid", "unknown token", pretty);
  if (!token.active) return failure("token_inactive", "the token is inactive", pretty);
  if (!token.accountActive) return failure("account_inactive", "the account is inactive", pretty);
  const window = windows.get(digest);
  if (window === undefined || window.endsAt <= now) windows.set(digest, { count: 1, endsAt: now + windowMs });
  else if (++window.count > rateLimit.points)
    return failure("rate_limit_exceeded", "request limit exceeded", pretty);
  if (!token.permissions.includes("read")) return failure("token_permission", "the token lacks read", pretty);
  for (const key in data) {
    if (!known.has(key)) return failure("parameter_unexpected", `unexpected parameter: ${key}`, pretty);
  }
  if (data.pretty !== undefined && typeof data.pretty !== "boolean")
    return failure("parameter_invalid", "invalid parameter: pretty", pretty);
  if (data.limit !== undefined || data.cursor !== undefined)
    return failure("server_error", "the contract's floor answers whole lists only", pretty);
  if (token.own) return pretty ? keptPrettyBody : keptBody;
  return pretty ? emptyPrettyList : emptyList;
}

const server = createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (request, response) => {
  const started = performance.now();
  const url = request.url ?? "";
  const queryAt = url.indexOf("?");
  const method = request.method;
  if ((queryAt < 0 ? url : url.slice(0, queryAt)) !== path)
    return write(response, started, failure("api_method_not_found", `unknown method: ${url}`));
  if (method === "OPTIONS") {
    response.writeHead(204, [
      requestIdName,
      newContractRequestId(),
      responseTimeName,
      String(Math.round(performance.now() - started)),
      ...cors,
      "access-control-allow-methods",
      "GET, POST, OPTIONS",
      "access-control-allow-headers",
      request.headers["access-control-request-headers"] ?? "Content-Type",
      "access-control-max-age",
      "86400",
    ]);
    return response.end();
  }
  if (method !== "GET" && method !== "POST")
    return write(response, started, failure("request_method_invalid", `${method} is not allowed`));
  if (Number(request.headers["content-length"] ?? 0) > maxBodyBytes)
    return write(response, started, failure("request_data_invalid", "the request body is over 1 MiB"));
  /** @type {Buffer[]} */
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    const data = requestData(method, queryAt < 0 ? "" : url.slice(queryAt + 1), body);
    write(response, started, typeof data === "string" ? data : answer(data, Date.now()));
  });
});
// Node's `Keep-Alive: timeout=10` header, as wsafe sends it: the same bytes on the wire.
server.keepAliveTimeout = 10_000;
acceptProfilingRequests();
await listenOnLoopback(server);
