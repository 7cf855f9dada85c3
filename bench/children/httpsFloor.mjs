// The floor of the stack: Node's own `https` server, the POST body read and
// `JSON.parse`d, the token looked up in an in-memory map, and the very bytes wsafe
// answers for resources.list written with their content type and length, over the
// same TLS. No framework, router, limiter, headers of the contract or envelope: what
// is left between wsafe and this is everything wsafe does beyond a token check.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { childOptions, listenOnLoopback } from "./childIpc.mjs";

const { tls, bodyPath, token } = childOptions();
const body = readFileSync(bodyPath);
const tokens = new Map([[token, { accountId: "acc_demo" }]]);

/**
 * Writes JSON bytes with status 200, as the Hono peer with a token check answers both
 * its records and its errors.
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
 * One request: the body, its token, the kept bytes.
 *
 * @param {import("node:http").ServerResponse} response
 * @param {string} text - the request body
 */
function answer(response, text) {
  /** @type {any} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return writeJson(response, Buffer.from('{"ok":false,"error":"request_data_invalid"}'));
  }
  if (!tokens.has(typeof data?.token === "string" ? data.token : ""))
    return writeJson(response, Buffer.from('{"ok":false,"error":"token_invalid"}'));
  writeJson(response, body);
}

const server = createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (request, response) => {
  let text = "";
  request.setEncoding("utf8");
  request.on("data", (chunk) => {
    text += chunk;
  });
  request.on("end", () => answer(response, text));
});
await listenOnLoopback(server);
