import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from "node:net";
import { testCertificate } from "@wsafe/test-support";
import { generate } from "selfsigned";
import { afterEach, describe, expect, it } from "vitest";
import { answerByteLimit, type Delivery, type SendOptions, sendDelivery } from "./sendDelivery.js";

// Every server here listens on loopback, and every URL names loopback: no packet leaves the machine.
const local: SendOptions = { allowPrivate: true, allowHttp: true };
const body = JSON.stringify({
  type: "schedule.status_changed",
  timestamp: "2026-11-23T10:00:00.000Z",
  data: {},
});
const headers = { "webhook-id": "evt_1", "webhook-timestamp": "1795428000", "webhook-signature": "v1,abc=" };
const delivery = (url: string): Delivery => ({ url, headers, body });

interface Received {
  method: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const servers: Server[] = [];
const sockets = new WeakMap<Server, Set<Socket>>();

/** Keeps `server` and its open connections for the clean-up after each test. */
function track(server: Server): void {
  const open = new Set<Socket>();
  sockets.set(server, open);
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  servers.push(server);
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    // Cut what a receiver still holds open (the silent ones), then wait for the listener.
    for (const socket of sockets.get(server) ?? []) socket.destroy();
    await new Promise((done) => server.close(done));
  }
});

/** A receiver on `host` that records every request and every connection, answering with `answer`. */
async function receiver(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  { host = "127.0.0.1", tls }: { host?: string; tls?: { cert: string; key: string } } = {},
) {
  const received: Received[] = [];
  let connections = 0;
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
  server.on("connection", () => connections++);
  track(server);
  server.listen(0, host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `${tls ? "https" : "http"}://${shown}:${port}/hook`,
    port,
    received,
    connections: () => connections,
  };
}

/** A TCP server whose each connection `onSocket` handles: for answers no HTTP server would give. */
async function tcpReceiver(onSocket: (socket: Socket) => void) {
  const server = createTcpServer(onSocket);
  track(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

describe(sendDelivery, () => {
  it("POSTs the signed headers and the exact body, and reports a 2xx as a success", async () => {
    const target = await receiver((_req, res) =>
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks"),
    );
    const result = await sendDelivery(delivery(target.url), local);
    expect(result).toEqual({ ok: true, status: 200, durationMs: expect.any(Number), answer: "thanks" });
    expect(target.received).toEqual([
      {
        method: "POST",
        body,
        headers: expect.objectContaining({
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "wsafe-webhooks",
          connection: "close",
        }),
      },
    ]);
  });

  it.each([201, 202, 204, 299])("counts %i as a success", async (code) => {
    const target = await receiver((_req, res) => res.writeHead(code).end());
    expect(await sendDelivery(delivery(target.url), local)).toMatchObject({
      ok: true,
      status: code,
      answer: "",
    });
  });

  it.each([
    [500, "boom"],
    [404, "no such hook"],
    [410, "gone for good"],
    [429, "slow down"],
  ])("records a %i as a failure with its status and answer", async (code, text) => {
    const target = await receiver((_req, res) => res.writeHead(code).end(text));
    expect(await sendDelivery(delivery(target.url), local)).toEqual({
      ok: false,
      status: code,
      durationMs: expect.any(Number),
      answer: text,
    });
  });

  it("does not follow a redirect: a 3xx is a failure, and its target gets nothing", async () => {
    const elsewhere = await receiver((_req, res) => res.writeHead(200).end());
    for (const code of [301, 302, 307, 308]) {
      const target = await receiver((_req, res) => res.writeHead(code, { location: elsewhere.url }).end());
      expect(await sendDelivery(delivery(target.url), local)).toMatchObject({ ok: false, status: code });
    }
    expect(elsewhere.connections()).toBe(0);
  });

  it("gives up after the timeout on a receiver that never answers", async () => {
    const target = await receiver(() => {}); // reads the request, never answers
    const result = await sendDelivery(delivery(target.url), { ...local, timeoutMs: 200 });
    expect(result).toEqual({ ok: false, error: "timed out after 0.2 s", durationMs: expect.any(Number) });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(2000);
    expect(target.received).toHaveLength(1);
  });

  it("says 15 s by default, the spec's recommended floor", async () => {
    const { deliveryTimeoutMs } = await import("./sendDelivery.js");
    expect(deliveryTimeoutMs).toBe(15_000);
  });

  it("reads at most 1 kB of a huge answer, then drops the connection", async () => {
    let written = 0;
    let finished = false;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const target = await receiver((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      // 256 MB if nobody stops it; backpressure paces the writes to what the reader takes.
      const pump = () => {
        while (written < 256 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end(() => {
          finished = true;
        });
      };
      res.on("error", () => {});
      pump();
    });
    const result = await sendDelivery(delivery(target.url), local);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect("answer" in result && result.answer).toBe("x".repeat(answerByteLimit));
    await new Promise((done) => setTimeout(done, 200));
    expect(finished).toBe(false);
    // What the kernel's socket buffers took before the sender hung up, nowhere near 256 MB.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it("keeps the whole of an answer under 1 kB that arrives in pieces, as text", async () => {
    const target = await receiver((_req, res) => {
      res.writeHead(200);
      res.write("ça ");
      setTimeout(() => res.end("va ✓"), 20);
    });
    expect(await sendDelivery(delivery(target.url), local)).toMatchObject({ ok: true, answer: "ça va ✓" });
  });

  it("reports a connection refused by a port that was just closed", async () => {
    const gone = createTcpServer().listen(0, "127.0.0.1");
    await once(gone, "listening");
    const { port } = gone.address() as AddressInfo;
    await new Promise((done) => gone.close(done));
    expect(await sendDelivery(delivery(`http://127.0.0.1:${port}/hook`), local)).toEqual({
      ok: false,
      error: "connection refused",
      durationMs: expect.any(Number),
    });
  });

  it("reports a receiver that hangs up before answering, and one that answers garbage", async () => {
    const hangsUp = await tcpReceiver((socket) => socket.once("data", () => socket.destroy()));
    expect(await sendDelivery(delivery(hangsUp), local)).toMatchObject({
      ok: false,
      error: "connection reset before a complete answer",
    });
    const garbage = await tcpReceiver((socket) =>
      socket.once("data", () => socket.end("SMTP ready\r\n\r\n")),
    );
    expect(await sendDelivery(delivery(garbage), local)).toMatchObject({
      ok: false,
      error: "invalid HTTP answer",
    });
  });

  it("stops at once when its signal fires", async () => {
    const target = await receiver(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await sendDelivery(delivery(target.url), { ...local, signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: "cancelled" });
    expect(result.durationMs).toBeLessThan(2000);
  });
});

describe("sendDelivery's address checks", () => {
  const strict: SendOptions = { allowPrivate: false, allowHttp: true };

  it.each([
    ["127.0.0.1", "refused: 127.0.0.1 is a loopback address"],
    ["::1", "refused: ::1 is a loopback address"],
  ])("refuses the literal %s without connecting", async (host, error) => {
    const target = await receiver((_req, res) => res.writeHead(200).end(), { host });
    expect(await sendDelivery(delivery(target.url), strict)).toEqual({
      ok: false,
      error,
      durationMs: expect.any(Number),
    });
    expect(target.connections()).toBe(0);
  });

  it("refuses localhost at connect, after resolving it, without connecting", async () => {
    const target = await receiver((_req, res) => res.writeHead(200).end());
    const result = await sendDelivery(delivery(`http://localhost:${target.port}/hook`), strict);
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^refused: resolves to (127\.0\.0\.1|::1), a loopback address$/),
    });
    expect(target.connections()).toBe(0);
    // The same name with private addresses allowed reaches the receiver: the refusal was the check's.
    expect(await sendDelivery(delivery(`http://localhost:${target.port}/hook`), local)).toMatchObject({
      ok: true,
    });
  });

  it("judges the address the name resolves to when connecting, whatever it resolved to before", async () => {
    // DNS rebinding: the endpoint's name was public when created; now it answers loopback.
    const target = await receiver((_req, res) => res.writeHead(200).end());
    const lookups: string[] = [];
    const rebound: SendOptions["lookup"] = (hostname, _options, callback) => {
      lookups.push(hostname);
      callback(null, [{ address: "127.0.0.1", family: 4 }]);
    };
    const url = `http://hooks.rebind.test:${target.port}/hook`;
    expect(await sendDelivery(delivery(url), { ...strict, lookup: rebound })).toMatchObject({
      ok: false,
      error: "refused: resolves to 127.0.0.1, a loopback address",
    });
    expect(lookups).toEqual(["hooks.rebind.test"]);
    expect(target.connections()).toBe(0);
    // The connection does use what that lookup answers: allowed, it reaches the local receiver.
    expect(await sendDelivery(delivery(url), { ...local, lookup: rebound })).toMatchObject({ ok: true });
    expect(target.connections()).toBe(1);
  });

  it("refuses a name when any address it resolves to is forbidden", async () => {
    const mixed: SendOptions["lookup"] = (_hostname, _options, callback) =>
      callback(null, [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ]);
    expect(
      await sendDelivery(delivery("https://mixed.rebind.test/hook"), { ...strict, lookup: mixed }),
    ).toMatchObject({
      ok: false,
      error: "refused: resolves to 10.0.0.7, a private address",
    });
  });

  it("refuses http unless allowed, and credentials in the URL", async () => {
    const target = await receiver((_req, res) => res.writeHead(200).end());
    expect(await sendDelivery(delivery(target.url), { allowPrivate: true, allowHttp: false })).toMatchObject({
      ok: false,
      error: "refused: http is not allowed (https only)",
    });
    const withCredentials = target.url.replace("http://", "http://user:pw@");
    expect(await sendDelivery(delivery(withCredentials), local)).toMatchObject({
      ok: false,
      error: "refused: credentials in the URL",
    });
    expect(target.connections()).toBe(0);
  });
});

describe("sendDelivery over TLS", () => {
  it("delivers to a receiver whose certificate it trusts", async () => {
    const tls = await testCertificate();
    const target = await receiver((_req, res) => res.writeHead(204).end(), { tls });
    expect(await sendDelivery(delivery(target.url), { ...local, ca: tls.cert })).toMatchObject({
      ok: true,
      status: 204,
    });
  });

  it("refuses a self-signed certificate it was not told to trust", async () => {
    const target = await receiver((_req, res) => res.writeHead(200).end(), { tls: await testCertificate() });
    expect(await sendDelivery(delivery(target.url), local)).toMatchObject({
      ok: false,
      error: "TLS: self-signed certificate",
    });
  });

  it("refuses a certificate that does not name the host, and one that has expired", async () => {
    const tls = await testCertificate(); // for localhost and 127.0.0.1, not ::1
    const wrongName = await receiver((_req, res) => res.writeHead(200).end(), { tls, host: "::1" });
    expect(await sendDelivery(delivery(wrongName.url), { ...local, ca: tls.cert })).toMatchObject({
      ok: false,
      error: "TLS: certificate does not match the host name",
    });

    const year = 365 * 24 * 3600 * 1000;
    const expired = await generate([{ name: "commonName", value: "localhost" }], {
      keyType: "ec",
      algorithm: "sha256",
      notBeforeDate: new Date(Date.now() - 2 * year),
      notAfterDate: new Date(Date.now() - year),
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    const stale = await receiver((_req, res) => res.writeHead(200).end(), {
      tls: { cert: expired.cert, key: expired.private },
    });
    expect(await sendDelivery(delivery(stale.url), { ...local, ca: expired.cert })).toMatchObject({
      ok: false,
      error: "TLS: certificate has expired",
    });
    expect(stale.received).toHaveLength(0);
  });
});
