// A contract peer: `resources.list` of /v1 on Hono as Hono's documentation shows a
// service written - one concern per middleware: the two response headers set after
// `next()` (as Hono's own timing middleware sets Server-Timing), `cors()`,
// `bodyLimit()`, then the request data, the token, rate-limiter-flexible in memory and
// the zod schema of @wsafe/schema, each a middleware passing what it found on with
// `c.set()`; the handler answers with `c.json()`; `notFound` and `onError` answer in
// the envelope. The work is contractSteps.mjs, shared with honoContractFast.mjs. The
// bench runs the conformance kit's checks of resources.list on it before timing it.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { serve } from "@hono/node-server";
import { headerNames, methodUrlPath } from "@wsafe/schema";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
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
/** @type {Record<string, readonly any[]>} each account's resources, in order */
const recordsOf = { [tokenAccounts.read]: JSON.parse(readFileSync(bodyPath, "utf8")).resources };
/** @type {Map<string, import("./contractSteps.mjs").TokenRecord>} */
const tokens = new Map(
  Object.values(tokenAccounts).map((token) => [token, { account: token, active: true, accountActive: true }]),
);
const limiter = new RateLimiterMemory({ points: rateLimit.points, duration: rateLimit.durationSeconds });
const cursors = new Cursors();

/**
 * Answers a failure in the envelope, HTTP 200.
 *
 * @param {import("hono").Context} c
 * @param {import("./contractSteps.mjs").Failure} failed
 */
function fail(c, failed) {
  c.header("Content-Type", "application/json; charset=utf-8");
  return c.body(failureBody(failed, c.get("data")?.pretty === true), 200);
}

const app = new Hono();
app.use(async (c, next) => {
  const started = performance.now();
  await next();
  c.res.headers.set(names.requestId, newRequestId());
  c.res.headers.set(names.responseTime, String(Math.round(performance.now() - started)));
});
app.use(
  cors({
    origin: "*",
    allowMethods: ["GET", "POST"],
    allowHeaders: ["content-type"],
    exposeHeaders: [names.requestId, names.responseTime, names.retryAfter],
  }),
);
app.notFound((c) =>
  fail(c, { ok: false, error: "api_method_not_found", description: `no method at ${c.req.path}` }),
);
app.onError((_error, c) => fail(c, { ok: false, error: "server_error", description: "internal error" }));
app.use(path, async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "POST")
    return fail(c, {
      ok: false,
      error: "request_method_invalid",
      description: `${c.req.method} is not allowed`,
    });
  await next();
});
app.use(
  path,
  bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) =>
      fail(c, { ok: false, error: "request_data_invalid", description: "the request body is over 1 MiB" }),
  }),
);
app.use(path, async (c, next) => {
  const decoded = decodeRequestData(
    c.req.method,
    c.req.url,
    c.req.method === "POST" ? await c.req.text() : "",
  );
  if (!decoded.ok) return fail(c, decoded);
  c.set("data", decoded.data);
  await next();
});
app.use(path, async (c, next) => {
  const checked = checkToken(c.get("data"), tokens);
  if (!checked.ok) return fail(c, checked);
  c.set("account", checked.account);
  await next();
});
app.use(path, async (c, next) => {
  try {
    await limiter.consume(c.get("account"));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    c.header(names.retryAfter, String(Math.ceil(error.msBeforeNext / 1000)));
    return fail(c, {
      ok: false,
      error: "rate_limit_exceeded",
      description: "too many requests for this token",
    });
  }
  await next();
});
app.use(path, async (c, next) => {
  const checked = checkParams(c.get("data"));
  if (!checked.ok) return fail(c, checked);
  c.set("params", checked.params);
  await next();
});
app.all(path, (c) => {
  const params = c.get("params");
  const page = resourcesPage(recordsOf[c.get("account")] ?? [], params, c.get("account"), cursors);
  if (!page.ok) return fail(c, page);
  if (params.pretty) {
    c.header("Content-Type", "application/json; charset=utf-8");
    return c.body(JSON.stringify(page.result, null, 2));
  }
  return c.json(page.result);
});

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
