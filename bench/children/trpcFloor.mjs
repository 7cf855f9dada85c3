// The tRPC floor: the least any server with tRPC in its request path does on Node, so
// the bench can show how close to Hono such a server can get at all. Node's own
// `https` server, the POST body read and `JSON.parse`d, the token looked up in an
// in-memory map, then one call of a stock tRPC procedure through `callTRPCProcedure` -
// the call wsafe makes per request - answering the very bytes wsafe answers over the
// same TLS. A floor, not a product: no router (every path answers), no limiter, no
// headers beyond the content type and length, no envelope, no input check.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { callTRPCProcedure, initTRPC } from "@trpc/server";
import { childOptions, reportReady } from "./childIpc.mjs";

const { tls, bodyPath, token } = childOptions();
const body = readFileSync(bodyPath);
const tokens = new Map([[token, { accountId: "acc_demo" }]]);

// Stock tRPC: no middleware and no input parser, so what is measured is tRPC's own
// share of a call and nothing of ours.
const t = initTRPC.create();
const router = t.router({
  resources: t.router({
    list: t.procedure.query(() => body),
  }),
});

/**
 * Writes JSON bytes with status 200, as Hono's child answers both its records and its
 * errors.
 *
 * @param {import("node:http").ServerResponse} response
 * @param {Buffer} bytes
 */
function writeJson(response, bytes) {
  response.writeHead(200, [
    "content-type",
    "application/json; charset=utf-8",
    "content-length",
    String(bytes.length),
  ]);
  response.end(bytes);
}

/**
 * An error answer as Hono's child gives it: a small JSON envelope.
 *
 * @param {import("node:http").ServerResponse} response
 * @param {string} error
 */
function failWith(response, error) {
  writeJson(response, Buffer.from(JSON.stringify({ ok: false, error })));
}

/**
 * One request: the body, its token, one tRPC call, the kept bytes.
 *
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {string} text - the request body
 */
async function answer(request, response, text) {
  /** @type {any} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return failWith(response, "request_data_invalid");
  }
  const account = tokens.get(typeof data?.token === "string" ? data.token : "");
  if (!account) return failWith(response, "token_invalid");
  /** @type {Buffer} */
  const bytes = await callTRPCProcedure({
    router,
    path: "resources.list",
    type: "query",
    ctx: { account, request },
    input: data,
    getRawInput: () => Promise.resolve(data),
    signal: undefined,
    batchIndex: 0,
  });
  writeJson(response, bytes);
}

const server = createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (request, response) => {
  let text = "";
  request.setEncoding("utf8");
  request.on("data", (chunk) => {
    text += chunk;
  });
  request.on("end", () => {
    answer(request, response, text).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
});
server.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const address = server.address();
reportReady(
  `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  () => new Promise((resolve) => server.close(() => resolve(undefined))),
);
