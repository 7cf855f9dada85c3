// The floor of an idle server: Node's own `https` server with its defaults (its check of
// slow clients every 30 s, nothing else running), the bench's certificate, answering
// `{}`. Idle CPU is measured beside it, in the same window: what wsafe spends above it is
// what its parts cost while nothing happens.
import { createServer } from "node:https";
import { childOptions, listenOnLoopback } from "./childIpc.mjs";

const { tls } = childOptions();
const server = createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (_request, response) =>
  response.end("{}"),
);
await listenOnLoopback(server);
