import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from "node:net";
import type { Delivery } from "../../src/webhooks/sendDelivery.js";

// Stand-in webhook receivers for the sender's tests: every one listens on loopback, so no
// packet of theirs leaves the machine.

/** A body and headers shaped like a delivery; the sender's tests do not check signatures. */
export const sampleBody = JSON.stringify({
  type: "schedule.status_changed",
  timestamp: "2026-11-23T10:00:00.000Z",
  data: {},
});
export const sampleHeaders = {
  "webhook-id": "evt_1",
  "webhook-timestamp": "1795428000",
  "webhook-signature": "v1,abc=",
};
/** The sample delivery, to `url`. */
export const sampleDelivery = (url: string): Delivery => ({ url, headers: sampleHeaders, body: sampleBody });

/** What a {@link localReceiver} got. */
export interface Received {
  method: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const servers: Server[] = [];
const sockets = new WeakMap<Server, Set<Socket>>();

/** Keeps `server` and its open connections for {@link closeReceivers}. */
function track(server: Server): void {
  const open = new Set<Socket>();
  sockets.set(server, open);
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  servers.push(server);
}

/** Stops every receiver started so far, cutting what one still holds open (the silent ones); for `afterEach`. */
export async function closeReceivers(): Promise<void> {
  for (const server of servers.splice(0)) {
    for (const socket of sockets.get(server) ?? []) socket.destroy();
    await new Promise((done) => server.close(done));
  }
}

/**
 * An HTTP(S) receiver on `host` (127.0.0.1 by default) that records every request and
 * counts every connection (and those open now), answering with `answer` once a request's
 * body is read.
 */
export async function localReceiver(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  {
    host = "127.0.0.1",
    tls,
    port = 0,
  }: { host?: string; tls?: { cert: string; key: string }; port?: number } = {},
) {
  const received: Received[] = [];
  let connections = 0;
  let open = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => {
      received.push({ method: req.method!, headers: req.headers, body: text });
      answer(req, res);
    });
  };
  const server = tls ? createHttpsServer(tls, handle) : createHttpServer(handle);
  server.on("connection", (socket: Socket) => {
    connections++;
    open++;
    socket.on("close", () => open--);
  });
  track(server);
  server.listen(port, host);
  await once(server, "listening");
  const listening = (server.address() as AddressInfo).port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `${tls ? "https" : "http"}://${shown}:${listening}/hook`,
    port: listening,
    received,
    connections: () => connections,
    /** Connections open now: the attempts under way at this receiver. */
    openConnections: () => open,
  };
}

/** A TCP server on 127.0.0.1 whose each connection `onSocket` handles: for answers no HTTP server would give. */
export async function tcpReceiver(onSocket: (socket: Socket) => void): Promise<string> {
  const server = createTcpServer(onSocket);
  track(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}
