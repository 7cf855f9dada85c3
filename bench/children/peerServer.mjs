// The HTTPS side of a raw-SQL peer of one write method, as a team would write it on Node's
// `https`: decisions.md's checks in order (request data, the token by its SHA-256 digest,
// rate-limiter-flexible in memory, the `write` permission, then the method's parameters),
// the write, and the contract's headers and envelope. Every other method is forwarded, as
// is, to the wsafe server reading the same store (see peerStore.mjs); the bench never
// times those.
import { createHash } from "node:crypto";
import { createServer, request as httpsRequest } from "node:https";
import { headerNames, jsonContentType } from "@wsafe/schema";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { listenOnLoopback } from "./childIpc.mjs";
import { decodeRequestData, failureBody, maxBodyBytes, newRequestId } from "./contractSteps.mjs";

/** @typedef {{ ok: false, error: string, description: string }} Failure */

/**
 * @typedef {object} PeerMethod
 * @property {string} method - the method's wire name, served at `/v1/<method>`
 * @property {(data: Record<string, unknown>, now: number) => { ok: true, params: any } | Failure} check -
 *   the method's parameters, after the token and permission checks
 * @property {(request: { account: string, params: any, now: number }) => Promise<{ ok: true, text: string } | Failure>} write -
 *   the write, answering the success body's text or a refusal
 */

const names = headerNames();

/**
 * Serves one write method on 127.0.0.1 and reports the address to the bench.
 *
 * @param {{ tls: { cert: string, key: string }, rateLimit: { points: number, durationSeconds: number } }} options
 * @param {{ query: import("./peerStore.mjs").Query, readerUrl: string, close: () => Promise<void> }} store - see peerStore.mjs
 * @param {PeerMethod} peerMethod
 */
export async function servePeerMethod({ tls, rateLimit }, store, { method, check, write }) {
  const path = `/v1/${method}`;
  /** Tokens by the hex SHA-256 digest of their secret, as the store keeps them. */
  const tokens = new Map(
    (
      await store.query(
        `SELECT encode(t.token_hash, 'hex') AS digest, t.account_id, t.active, t.permissions, a.active AS account_active
           FROM tokens t JOIN accounts a ON a.id = t.account_id`,
      )
    ).map((row) => [row.digest, row]),
  );
  const limiter = new RateLimiterMemory({ points: rateLimit.points, duration: rateLimit.durationSeconds });

  /** The checks and the write of one request. @returns {Promise<{ text: string, more?: Record<string, string> }>} */
  async function handle(
    /** @type {string} */ httpMethod,
    /** @type {string} */ url,
    /** @type {string} */ body,
  ) {
    const decoded = decodeRequestData(httpMethod, url, body);
    if (!decoded.ok) return { text: failureBody(decoded) };
    const data = decoded.data;
    const pretty = data.pretty === true;
    const fail = (/** @type {string} */ error, /** @type {string} */ description, more = {}) => ({
      text: failureBody({ ok: false, error, description }, pretty),
      more,
    });
    const token = data.token;
    if (token === undefined || token === "") return fail("token_missing", "no token in the request data");
    if (typeof token !== "string") return fail("token_invalid", "the token is not a string");
    const record = tokens.get(createHash("sha256").update(token).digest("hex"));
    if (!record) return fail("token_invalid", "the token is not known");
    if (!record.active) return fail("token_inactive", "the token has been deactivated");
    if (!record.account_active) return fail("account_inactive", "the token's account is not active");
    try {
      await limiter.consume(token);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return fail("rate_limit_exceeded", "too many requests for this token", {
        [names.retryAfter]: String(Math.ceil(error.msBeforeNext / 1000)),
      });
    }
    if (!record.permissions.includes("write"))
      return fail("token_permission", `${method} needs a token with the write permission`);
    const now = Date.now();
    const checked = check(data, now);
    if (!checked.ok) return fail(checked.error, checked.description);
    const written = await write({ account: record.account_id, params: checked.params, now });
    if (!written.ok) return fail(written.error, written.description);
    if (!pretty) return { text: written.text };
    return { text: JSON.stringify(JSON.parse(written.text), null, 2) };
  }

  const server = createServer(
    { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" },
    (request, response) => {
      const started = performance.now();
      const answer = (/** @type {string} */ text, more = {}) => {
        response.writeHead(200, headers(started, more));
        response.end(text);
      };
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      request.on("data", (chunk) => {
        size += chunk.length;
        if (size <= maxBodyBytes) chunks.push(chunk);
      });
      request.on("end", () => {
        const body = Buffer.concat(chunks);
        const [pathname] = (request.url ?? "/").split("?");
        if (pathname !== path) return forward(store.readerUrl, request, response, body);
        if (request.method === "OPTIONS") {
          response.writeHead(204, {
            ...headers(started),
            "access-control-allow-methods": "GET,POST",
            "access-control-allow-headers": "content-type",
          });
          return response.end();
        }
        const failure = (/** @type {string} */ error, /** @type {string} */ description) =>
          answer(failureBody({ ok: false, error, description }));
        if (request.method !== "GET" && request.method !== "POST")
          return failure("request_method_invalid", `${request.method} is not allowed`);
        if (size > maxBodyBytes) return failure("request_data_invalid", "the request body is over 1 MiB");
        handle(
          request.method,
          request.url ?? "/",
          request.method === "POST" ? body.toString("utf8") : "",
        ).then(
          ({ text, more }) => answer(text, more),
          () => failure("server_error", "internal error"),
        );
      });
    },
  );
  await listenOnLoopback(server, store.close);
}

/** The contract's headers of an answer. @param {number} started */
function headers(started, /** @type {Record<string, string>} */ more = {}) {
  return {
    "content-type": jsonContentType,
    "access-control-allow-origin": "*",
    "access-control-expose-headers": `${names.requestId},${names.responseTime},${names.retryAfter}`,
    [names.requestId]: newRequestId(),
    [names.responseTime]: String(Math.round(performance.now() - started)),
    ...more,
  };
}

/** Another method: forwarded, as is, to the wsafe server reading the same store. */
function forward(
  /** @type {string} */ readerUrl,
  /** @type {import("node:http").IncomingMessage} */ request,
  /** @type {import("node:http").ServerResponse} */ response,
  /** @type {Buffer} */ body,
) {
  const target = new URL(request.url ?? "/", readerUrl);
  const out = httpsRequest(
    target,
    { method: request.method, headers: { ...request.headers, host: target.host }, rejectUnauthorized: false },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    },
  );
  out.on("error", () => response.destroy());
  out.end(body);
}
