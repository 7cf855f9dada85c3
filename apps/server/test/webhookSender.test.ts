import { once } from "node:events";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  answerByteLimit,
  deliveryTimeoutMs,
  type SendOptions,
  sendDelivery,
} from "../src/webhooks/sendDelivery.js";
import {
  sampleBody as body,
  closeReceivers,
  sampleHeaders as headers,
  localReceiver,
  sampleDelivery,
  tcpReceiver,
} from "./support/localReceiver.js";

// Every receiver listens on loopback, and every URL names loopback: no packet leaves the machine.
const local: SendOptions = { allowPrivate: true, allowHttp: true };
afterEach(closeReceivers);

describe(sendDelivery, () => {
  it("POSTs the signed headers and the exact body, and reports a 2xx as a success", async () => {
    const target = await localReceiver((_req, res) =>
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks"),
    );
    const result = await sendDelivery(sampleDelivery(target.url), local);
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
    const target = await localReceiver((_req, res) => res.writeHead(code).end());
    expect(await sendDelivery(sampleDelivery(target.url), local)).toMatchObject({
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
    const target = await localReceiver((_req, res) => res.writeHead(code).end(text));
    expect(await sendDelivery(sampleDelivery(target.url), local)).toEqual({
      ok: false,
      status: code,
      durationMs: expect.any(Number),
      answer: text,
    });
  });

  it("does not follow a redirect: a 3xx is a failure, and its target gets nothing", async () => {
    const elsewhere = await localReceiver((_req, res) => res.writeHead(200).end());
    for (const code of [301, 302, 307, 308]) {
      const target = await localReceiver((_req, res) =>
        res.writeHead(code, { location: elsewhere.url }).end(),
      );
      expect(await sendDelivery(sampleDelivery(target.url), local)).toMatchObject({
        ok: false,
        status: code,
      });
    }
    expect(elsewhere.connections()).toBe(0);
  });

  it("gives up after the timeout on a receiver that never answers", async () => {
    const target = await localReceiver(() => {}); // reads the request, never answers
    const result = await sendDelivery(sampleDelivery(target.url), { ...local, timeoutMs: 200 });
    expect(result).toEqual({
      ok: false,
      error: "timed out after 200 milliseconds",
      durationMs: expect.any(Number),
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(2000);
    expect(target.received).toHaveLength(1);
  });

  it("says 15 s by default, the spec's recommended floor", async () => {
    expect(deliveryTimeoutMs).toBe(15_000);
  });

  it("reads at most 1 kB of a huge answer, then drops the connection", async () => {
    let written = 0;
    let finished = false;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const target = await localReceiver((_req, res) => {
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
    const result = await sendDelivery(sampleDelivery(target.url), local);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect("answer" in result && result.answer).toBe("x".repeat(answerByteLimit));
    await new Promise((done) => setTimeout(done, 200));
    expect(finished).toBe(false);
    // What the kernel's socket buffers took before the sender hung up, nowhere near 256 MB.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it("keeps the whole of an answer under 1 kB that arrives in pieces, as text", async () => {
    const target = await localReceiver((_req, res) => {
      res.writeHead(200);
      res.write("ça ");
      setTimeout(() => res.end("va ✓"), 20);
    });
    expect(await sendDelivery(sampleDelivery(target.url), local)).toMatchObject({
      ok: true,
      answer: "ça va ✓",
    });
  });

  it("reports a connection refused by a port that was just closed", async () => {
    const gone = createTcpServer().listen(0, "127.0.0.1");
    await once(gone, "listening");
    const { port } = gone.address() as AddressInfo;
    await new Promise((done) => gone.close(done));
    expect(await sendDelivery(sampleDelivery(`http://127.0.0.1:${port}/hook`), local)).toEqual({
      ok: false,
      error: "connection refused",
      durationMs: expect.any(Number),
    });
  });

  it("reports a receiver that hangs up before answering, and one that answers garbage", async () => {
    const hangsUp = await tcpReceiver((socket) => socket.once("data", () => socket.destroy()));
    expect(await sendDelivery(sampleDelivery(hangsUp), local)).toMatchObject({
      ok: false,
      error: "connection reset before a complete answer",
    });
    const garbage = await tcpReceiver((socket) =>
      socket.once("data", () => socket.end("SMTP ready\r\n\r\n")),
    );
    expect(await sendDelivery(sampleDelivery(garbage), local)).toMatchObject({
      ok: false,
      error: "invalid HTTP answer",
    });
  });

  it("stops at once when its signal fires", async () => {
    const target = await localReceiver(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await sendDelivery(sampleDelivery(target.url), { ...local, signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: "cancelled" });
    expect(result.durationMs).toBeLessThan(2000);
  });
});
