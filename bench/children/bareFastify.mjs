// The framework's ceiling for the request pipeline: a bare Fastify 5 route that checks
// the token of the body Fastify parsed against an in-memory map and answers the very
// bytes wsafe answers, with the same certificate and TLS minimum, and nothing else - no
// routing of its own, no limiter, no headers of the contract, no database.
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { childOptions, reportReady } from "./childIpc.mjs";

const { tls, bodyPath, path, token } = childOptions();
const body = readFileSync(bodyPath);
const tokens = new Map([[token, { accountId: "acc_demo" }]]);
const tokenInvalid = Buffer.from('{"ok":false,"error":"token_invalid"}');
const app = Fastify({
  logger: false,
  keepAliveTimeout: 10_000,
  ...(tls ? { https: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" } } : {}),
});
app.post(path, (request, reply) => {
  const known = tokens.has(/** @type {{ token?: string } | null} */ (request.body)?.token ?? "");
  reply.header("Content-Type", "application/json; charset=utf-8").send(known ? body : tokenInvalid);
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
reportReady(
  `${tls ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  () => app.close(),
);
