// The raw-SQL peer of `inspections.record` (issue 38, goal 2): Node's `https`, the
// contract's checks in decisions.md's order (request data, token by its SHA-256 digest,
// rate-limiter-flexible in memory, the `write` permission, the parameters by the zod
// schema @wsafe/schema publishes, the method's date rules), then the whole recording in
// one transaction of raw SQL (inspectionRecording.mjs), answered with the contract's
// headers. On PostgreSQL it writes through `pg`; on PGlite through the embedded database
// of a wsafe server started in this process on its own store (the one connection of
// PGlite cannot be shared across processes), whose `Sql` only runs the peer's statements.
//
// Every other method is forwarded to a wsafe server reading the same store (`readsFrom`
// on PostgreSQL; the in-process one on PGlite): the conformance kit's checks of
// inspections.record read what was recorded through equipments.list, inspections.list
// and events.list, and the peer writes into wsafe's tables for them to read it. The bench
// never times those.
import { createHash } from "node:crypto";
import { createServer, request as httpsRequest } from "node:https";
import {
  headerNames,
  inspectionRecordProblem,
  inspectionsRecordParamsSchema,
  jsonContentType,
} from "@wsafe/schema";
import pg from "pg";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { childOptions, listenOnLoopback } from "./childIpc.mjs";
import { decodeRequestData, failureBody, maxBodyBytes, newRequestId } from "./contractSteps.mjs";
import { recordInspection } from "./inspectionRecording.mjs";

const { tls, database, readsFrom, rateLimit, webhooks } = childOptions();
const names = headerNames();
const path = "/v1/inspections.record";

/** @type {(work: (query: import("./inspectionRecording.mjs").Query) => Promise<any>) => Promise<any>} */
let transaction;
/** @type {import("./inspectionRecording.mjs").Query} */
let query;
let readerUrl = readsFrom;
/** @type {(() => Promise<void>) | undefined} */
let closeStore;
if (database.startsWith("postgres")) {
  const pool = new pg.Pool({ connectionString: database, max: 20 });
  query = async (text, params) => (await pool.query(text, params)).rows;
  transaction = async (work) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(async (text, params) => (await client.query(text, params)).rows);
      await client.query(result?.ok === false ? "ROLLBACK" : "COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  closeStore = () => pool.end();
} else {
  const { startServer } = await import(serverLocation().entryUrl);
  const { storeOf } = await import(new URL("./testing.js", serverLocation().entryUrl).href);
  const reader = await startServer({
    port: 0,
    host: "127.0.0.1",
    logger: false,
    database,
    tls,
    rateLimit,
    webhooks,
  });
  const sql = storeOf(reader).sql;
  readerUrl = reader.url;
  query = (text, params) => sql.query(text, params);
  /** A failure answered from inside rolls the transaction back: thrown, then returned. */
  class Refused extends Error {
    /** @param {any} answer */
    constructor(answer) {
      super("refused");
      this.answer = answer;
    }
  }
  transaction = (work) =>
    sql
      .transaction(async (/** @type {any} */ tx) => {
        const result = await work((text, params) => tx.query(text, params));
        if (result?.ok === false) throw new Refused(result);
        return result;
      })
      .catch((/** @type {unknown} */ error) => {
        if (error instanceof Refused) return error.answer;
        throw error;
      });
  closeStore = () => reader.close();
}

/** Tokens by the hex SHA-256 digest of their secret, as the store keeps them. */
const tokens = new Map(
  (
    await query(
      `SELECT encode(t.token_hash, 'hex') AS digest, t.account_id, t.active, t.permissions, a.active AS account_active
         FROM tokens t JOIN accounts a ON a.id = t.account_id`,
    )
  ).map((row) => [row.digest, row]),
);
const limiter = new RateLimiterMemory({ points: rateLimit.points, duration: rateLimit.durationSeconds });

/** @param {number} started */
const headers = (started, /** @type {Record<string, string>} */ more = {}) => ({
  "content-type": jsonContentType,
  "access-control-allow-origin": "*",
  "access-control-expose-headers": `${names.requestId},${names.responseTime},${names.retryAfter}`,
  [names.requestId]: newRequestId(),
  [names.responseTime]: String(Math.round(performance.now() - started)),
  ...more,
});

/**
 * @param {import("node:http").ServerResponse} response
 * @param {number} started
 * @param {string} text
 */
function answer(response, started, text, more = {}) {
  response.writeHead(200, headers(started, more));
  response.end(text);
}

/**
 * The checks and the recording of one request.
 *
 * @param {string} httpMethod
 * @param {string} url
 * @param {string} body
 * @returns {Promise<{ text: string, more?: Record<string, string> }>}
 */
async function handle(httpMethod, url, body) {
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
    return fail("token_permission", "inspections.record needs a token with the write permission");
  const parsed = inspectionsRecordParamsSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const unexpected = issues.find((issue) => issue.code === "unrecognized_keys");
    if (unexpected?.code === "unrecognized_keys")
      return fail("parameter_unexpected", `unexpected parameter: ${unexpected.keys[0]}`);
    const missing = issues.find((issue) => !Object.hasOwn(data, String(issue.path[0])));
    if (missing) return fail("parameter_missing", `missing parameter: ${String(missing.path[0])}`);
    const [first] = issues;
    return fail("parameter_invalid", `invalid parameter: ${String(first?.path[0])}: ${first?.message}`);
  }
  const now = Date.now();
  const problem = inspectionRecordProblem(parsed.data, now);
  if (problem) return fail(problem.error, problem.description);
  const recorded = await recordInspection(transaction, {
    account: record.account_id,
    params: parsed.data,
    now,
  });
  if (!recorded.ok) return fail(recorded.error, recorded.description);
  if (!pretty) return { text: recorded.text };
  return { text: JSON.stringify(JSON.parse(recorded.text), null, 2) };
}

/** Another method: forwarded, as is, to the wsafe server reading the same store. */
function forward(
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

const server = createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (request, response) => {
  const started = performance.now();
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
    if (pathname !== path) return forward(request, response, body);
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        ...headers(started),
        "access-control-allow-methods": "GET,POST",
        "access-control-allow-headers": "content-type",
      });
      return response.end();
    }
    if (request.method !== "GET" && request.method !== "POST")
      return answer(
        response,
        started,
        failureBody({
          ok: false,
          error: "request_method_invalid",
          description: `${request.method} is not allowed`,
        }),
      );
    if (size > maxBodyBytes)
      return answer(
        response,
        started,
        failureBody({
          ok: false,
          error: "request_data_invalid",
          description: "the request body is over 1 MiB",
        }),
      );
    handle(request.method, request.url ?? "/", request.method === "POST" ? body.toString("utf8") : "").then(
      ({ text, more }) => answer(response, started, text, more),
      () =>
        answer(
          response,
          started,
          failureBody({ ok: false, error: "server_error", description: "internal error" }),
        ),
    );
  });
});
await listenOnLoopback(server, async () => {
  await closeStore?.();
});
