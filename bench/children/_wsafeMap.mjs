// Scratch: wsafe with main's RequestsInFlight (a Map taking and dropping each request).
import { childOptions, reportReady } from "./childIpc.mjs";
const dist = new URL("../../apps/server/dist/", import.meta.url);
const { RequestsInFlight } = await import(new URL("http/RequestsInFlight.js", dist));
const requests = new Map();
const onClose = function () { requests.delete(this.req); };
RequestsInFlight.prototype.add = function (request, response) { requests.set(request, response); response.on("close", onClose); };
const options = childOptions();
const { startServer } = await import(new URL("index.js", dist));
const server = await startServer({ port: 0, host: "127.0.0.1", logger: false, ...options });
reportReady(server.url, () => server.close());
