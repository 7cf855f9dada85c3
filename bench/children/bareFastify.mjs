// The framework's ceiling for the request pipeline: a bare Fastify 5 route that
// answers the very bytes wsafe answers, with the same certificate and TLS minimum,
// and nothing else - no routing of its own, no token, no limiter, no database.
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { childOptions, reportReady } from "./childIpc.mjs";

const { tls, bodyPath, path } = childOptions();
const body = readFileSync(bodyPath);
const app = Fastify({
  logger: false,
  keepAliveTimeout: 10_000,
  ...(tls ? { https: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" } } : {}),
});
app.post(path, (_request, reply) => {
  reply.header("Content-Type", "application/json; charset=utf-8").send(body);
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
reportReady(
  `${tls ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  () => app.close(),
);
