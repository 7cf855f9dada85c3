import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "../src/figures.js";
import { createFixture } from "../src/fixture.js";
import { type FixtureServer, startFixtureServer } from "../src/fixtureServer.js";
import { closePool, json, openPool, send } from "../src/httpsClient.js";
import { BODY_LIMIT } from "../src/oracle.js";
import { openTls, watch } from "../src/rawSocket.js";
import type { RequestCase } from "../src/requestCase.js";
import type { ServerProcess } from "../src/serverProcess.js";

const LABEL = "body";
const fixture = createFixture();
const token = fixture.tokens.alphaRead;

/** A POST whose JSON text is padded with white space to exactly `size` bytes. */
function paddedBody(size: number, chunked: boolean): RequestCase {
  const head = JSON.stringify({ token });
  return {
    method: "POST",
    path: "/v1/resources.list",
    query: undefined,
    body: Buffer.from(head + " ".repeat(size - head.length)),
    contentType: "application/json",
    chunked,
    label: `${size}-byte body`,
  };
}

// decisions §1 row 3: a body over the limit (1 MiB by default) is request_data_invalid,
// however it travels; the server must stop reading rather than buffer what comes.
describe("the body limit", () => {
  let running: FixtureServer;
  let server: ServerProcess;
  let pool: Pool;

  beforeAll(async () => {
    running = await startFixtureServer(LABEL, fixture, { rateLimit: { points: 1e6, durationSeconds: 60 } });
    server = running.server;
    pool = openPool(server.url, 2);
  });

  afterAll(async () => {
    await closePool(pool);
    await running?.stop();
  });

  it.each([false, true])("holds at exactly 1 MiB, chunked: %s", async (chunked) => {
    const atLimit = json(await send(pool, paddedBody(BODY_LIMIT, chunked)));
    expect(atLimit.ok).toBe(true);
    const over = await send(pool, paddedBody(BODY_LIMIT + 1, chunked));
    expect(over.status).toBe(200);
    expect(json(over)).toMatchObject({ ok: false, error: "request_data_invalid" });
  });

  it("stops reading an endless chunked body soon after the limit", async () => {
    const socket = await openTls(server.port);
    const fate = watch(socket);
    socket.write("POST /v1/resources.list HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n");
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    let sent = 0;
    // Write only as fast as the server reads (back-pressure), so `sent` is what it took in.
    while (
      fate.closedAfterMs === undefined &&
      !fate.received.includes("\r\n\r\n") &&
      sent < 256 * 1024 * 1024
    ) {
      if (!socket.write(frame))
        await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
      sent += chunk.length;
    }
    await Promise.race([fate.closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    socket.destroy();
    console.log(
      `body limit: server answered after ${(sent / 1024 / 1024).toFixed(1)} MiB of an endless chunked body`,
    );
    recordFigure("body limit: endless chunked body answered after", `${(sent / 1024 / 1024).toFixed(1)} MiB`);
    expect(fate.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(fate.received).toContain('"error":"request_data_invalid"');
    // Socket buffers hold a few MiB; a server that buffered everything would read all 256.
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("answers at once when Content-Length already says too much", async () => {
    const socket = await openTls(server.port);
    const fate = watch(socket);
    const started = performance.now();
    socket.write(
      `POST /v1/resources.list HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${50 * BODY_LIMIT}\r\n\r\n`,
    );
    while (!fate.received.includes("}") && performance.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    socket.destroy();
    expect(fate.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(fate.received).toContain('"error":"request_data_invalid"');
  });

  it("answers a GET query over the header size limit with the envelope, not a bare 431", async () => {
    const query = encodeURIComponent(JSON.stringify({ token, pad: "x".repeat(20_000) }));
    const answer = await send(pool, {
      method: "GET",
      path: "/v1/resources.list",
      query,
      body: undefined,
      contentType: undefined,
      label: "long GET",
    });
    expect({ status: answer.status, body: json(answer) }).toMatchObject({
      status: 200,
      body: { ok: false, error: "request_data_invalid" },
    });
  });
});
