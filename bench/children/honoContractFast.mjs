// A contract peer: the same work as honoContract.mjs (contractSteps.mjs: request data,
// token, rate-limiter-flexible in memory, the zod schema of @wsafe/schema, cursors, the
// envelope) on Hono written for speed: one handler and no middleware chain, every
// header passed with the body in one plain object (so @hono/node-server writes the
// answer without building a `Response`), and the whole list answered from bytes
// encoded once, as wsafe's read cache keeps them. The bench runs the conformance
// kit's checks of resources.list on it before timing it.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { serve } from "@hono/node-server";
import { headerNames, jsonContentType, methodUrlPath } from "@wsafe/schema";
import { Hono } from "hono";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { childOptions, reportReady } from "./childIpc.mjs";
import {
  Cursors,
  checkParams,
  checkToken,
  decodeRequestData,
  failureBody,
  maxBodyBytes,
  newRequestId,
  resourcesPage,
} from "./contractSteps.mjs";

const { tls, bodyPath, tokens: tokenAccounts, rateLimit } = childOptions();
const names = headerNames();
const path = methodUrlPath("resources.list");
const keptBody = readFileSync(bodyPath);
/** @type {Record<string, readonly any[]>} each account's resources, in order */
const recordsOf = { [tokenAccounts.read]: JSON.parse(keptBody.toString("utf8")).resources };
/** Each account's whole list, encoded once. */
const keptBodyOf = new Map(
  Object.values(tokenAccounts).map((token) => [
    token,
    token === tokenAccounts.read ? keptBody : Buffer.from(JSON.stringify({ ok: true, resources: [] })),
  ]),
);
/** @type {Map<string, import("./contractSteps.mjs").TokenRecord>} */
const tokens = new Map(
  Object.values(tokenAccounts).map((token) => [token, { account: token, active: true, accountActive: true }]),
);
const limiter = new RateLimiterMemory({ points: rateLimit.points, duration: rateLimit.durationSeconds });
const cursors = new Cursors();

/**
 * Every header of an answer, in one object.
 *
 * @param {number} started - `performance.now()` when the request came in
 * @param {Record<string, string>} [more]
 */
function headers(started, more) {
  return {
    "content-type": jsonContentType,
    "access-control-allow-origin": "*",
    "access-control-expose-headers": `${names.requestId},${names.responseTime},${names.retryAfter}`,
    [names.requestId]: newRequestId(),
    [names.responseTime]: String(Math.round(performance.now() - started)),
    ...more,
  };
}

/**
 * @param {import("hono").Context} c
 * @param {number} started
 * @param {import("./contractSteps.mjs").Failure} failed
 * @param {boolean} [pretty]
 * @param {Record<string, string>} [more] - further headers (`Retry-After`)
 */
function fail(c, started, failed, pretty = false, more = undefined) {
  return c.body(failureBody(failed, pretty), 200, headers(started, more));
}

const app = new Hono();
app.all(path, async (c) => {
  const started = performance.now();
  const method = c.req.method;
  if (method === "OPTIONS") {
    return c.body(null, 204, {
      ...headers(started),
      "access-control-allow-methods": "GET,POST",
      "access-control-allow-headers": "content-type",
    });
  }
  if (method !== "GET" && method !== "POST")
    return fail(c, started, {
      ok: false,
      error: "request_method_invalid",
      description: `${method} is not allowed`,
    });
  if (Number(c.req.header("content-length") ?? 0) > maxBodyBytes)
    return fail(c, started, {
      ok: false,
      error: "request_data_invalid",
      description: "the request body is over 1 MiB",
    });
  const text = method === "POST" ? await c.req.text() : "";
  if (text.length > maxBodyBytes)
    return fail(c, started, {
      ok: false,
      error: "request_data_invalid",
      description: "the request body is over 1 MiB",
    });
  const decoded = decodeRequestData(method, c.req.url, text);
  if (!decoded.ok) return fail(c, started, decoded);
  const data = decoded.data;
  const pretty = data.pretty === true;
  const token = checkToken(data, tokens);
  if (!token.ok) return fail(c, started, token, pretty);
  try {
    await limiter.consume(token.account);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfter = String(Math.ceil(error.msBeforeNext / 1000));
    const limited = {
      ok: false,
      error: "rate_limit_exceeded",
      description: "too many requests for this token",
    };
    return fail(c, started, /** @type {any} */ (limited), pretty, { [names.retryAfter]: retryAfter });
  }
  const checked = checkParams(data);
  if (!checked.ok) return fail(c, started, checked, pretty);
  const { params } = checked;
  // The call every list client makes first: the whole list, as kept bytes.
  if (!params.pretty && params.limit === undefined && params.cursor === undefined)
    return c.body(keptBodyOf.get(token.account) ?? keptBody, 200, headers(started));
  const page = resourcesPage(recordsOf[token.account] ?? [], params, token.account, cursors);
  if (!page.ok) return fail(c, started, page, pretty);
  return c.body(JSON.stringify(page.result, null, params.pretty ? 2 : undefined), 200, headers(started));
});
app.notFound((c) =>
  fail(c, performance.now(), {
    ok: false,
    error: "api_method_not_found",
    description: `no method at ${c.req.path}`,
  }),
);
app.onError((_error, c) =>
  fail(c, performance.now(), { ok: false, error: "server_error", description: "internal error" }),
);

const server = serve({
  fetch: app.fetch,
  port: 0,
  hostname: "127.0.0.1",
  createServer,
  serverOptions: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" },
});
await new Promise((resolve) => server.once("listening", resolve));
const address = server.address();
reportReady(
  `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  () => new Promise((resolve) => server.close(() => resolve(undefined))),
);
