import { once } from "node:events";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerBeforeClose } from "./lingerBeforeClose.js";

/** A server that answers each connection, then closes it the way Node's HTTP server does. */
async function answeringServer(): Promise<net.Server> {
  const server = net.createServer((socket) => {
    // A client still writing into a closing connection can reset it under the server's
    // last write: Node's HTTP server handles that error on its sockets, and so does this one.
    socket.on("error", () => {});
    lingerBeforeClose(socket);
    socket.write("answer");
    socket.destroySoon();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}

/** Connects, keeps sending `chunkBytes` at a time until closed, and reports what it saw. */
async function talk(server: net.Server, chunkBytes: number) {
  const socket = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
  await once(socket, "connect");
  const started = performance.now();
  let received = "";
  let sent = 0;
  socket.on("data", (chunk) => {
    received += chunk;
  });
  socket.on("error", () => {});
  // Not `once(socket, "close")`: it rejects on the EPIPE a write into the closed connection meets.
  const closed = new Promise<number>((resolve) => {
    socket.once("close", () => resolve(performance.now() - started));
  });
  // Writing starts once the answer is in, so that what the client reads never races the
  // close: the tests look at when and why the server closes.
  await once(socket, "data");
  const chunk = Buffer.alloc(chunkBytes, 0x20);
  const writer = setInterval(() => {
    if (!socket.destroyed) sent += socket.write(chunk) ? chunk.length : 0;
  }, 5);
  const closedAfterMs = await closed;
  clearInterval(writer);
  return { received, closedAfterMs, sent };
}

describe("lingerBeforeClose", () => {
  let server: net.Server | undefined;
  afterEach(() => server?.close());

  it("keeps reading after the answer, then closes after the linger", async () => {
    server = await answeringServer();
    const { received, closedAfterMs } = await talk(server, 1024);
    expect(received).toBe("answer");
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it("closes before the linger ends once the client has sent more than it reads", async () => {
    server = await answeringServer();
    const { received, closedAfterMs } = await talk(server, 1024 * 1024);
    expect(received).toBe("answer");
    expect(closedAfterMs).toBeLessThan(900);
  });
});
