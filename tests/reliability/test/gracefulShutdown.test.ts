import net from "node:net";
import type tls from "node:tls";
import { createTenantFixture, type ServerProcess } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "../src/figures.js";
import { createFixtureDatabase, type FixtureDatabase, serveOn } from "../src/fixtureServer.js";
import { call, closePool, openPool, send } from "../src/httpsClient.js";
import { openTls, watch } from "../src/rawSocket.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a request whose body arrives over `ms` milliseconds: in flight for that long. */
async function slowUpload(port: number, token: string, ms: number) {
  const socket: tls.TLSSocket = await openTls(port);
  const fate = watch(socket);
  const body = JSON.stringify({ token, pretty: false });
  socket.write(
    `POST /v1/resources.list HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const pieces = 10;
  const step = Math.ceil(body.length / pieces);
  const sending = (async () => {
    for (let i = 0; i < pieces; i++) {
      await sleep(ms / pieces);
      socket.write(body.slice(i * step, (i + 1) * step));
    }
  })();
  return { socket, fate, sending };
}

// The server's README ("Commands, flags and environment"): SIGTERM stops the server gracefully: in-flight requests finish, then exit 0.
describe("SIGTERM under load", () => {
  const fixture = createTenantFixture();
  const token = fixture.tokens.alphaRead;
  let db: FixtureDatabase;
  let server: ServerProcess;
  let pool: Pool;

  beforeAll(async () => {
    db = await createFixtureDatabase("sigterm", fixture);
    server = await serveOn(db, ["--rate-limit", "100000/60s"]);
    pool = openPool(server.url, 8);
  });

  afterAll(async () => {
    await closePool(pool);
    await server?.stop("SIGKILL");
    await db?.drop();
  });

  it("finishes every in-flight request, refuses new connections and exits 0", async () => {
    // Load: 8 keep-alive lanes of ordinary requests...
    let stopLoad = false;
    const lanes = { ok: 0, otherAnswers: [] as string[], transportErrors: 0, sentAfterSignal: 0 };
    let signalledAt = Number.POSITIVE_INFINITY;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!stopLoad) {
          const sentAt = performance.now();
          try {
            const answer = await send(pool, call("resources.list", { token }));
            const body = answer.body.toString();
            if (answer.status === 200 && body.startsWith('{"ok":true')) lanes.ok++;
            else lanes.otherAnswers.push(`HTTP ${answer.status} ${body.slice(0, 100)}`);
          } catch {
            lanes.transportErrors++;
            if (sentAt >= signalledAt) lanes.sentAfterSignal++;
            await sleep(20);
          }
        }
      }),
    );
    // ...and uploads that are surely in flight when the signal comes: their bodies
    // take 2 s to arrive.
    const uploads = await Promise.all(Array.from({ length: 5 }, () => slowUpload(server.port, token, 2_000)));
    await sleep(700);

    signalledAt = performance.now();
    server.child.kill("SIGTERM");
    await sleep(300);
    // A new connection after the signal is refused (the listener is closed).
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve("accepted");
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });

    await Promise.all(uploads.map((upload) => upload.sending));
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => "still running after 30 s")]);
    stopLoad = true;
    await load;
    await Promise.all(uploads.map((upload) => Promise.race([upload.fate.closed, sleep(2_000)])));

    const uploadAnswers = uploads.map((upload) => {
      const received = upload.fate.received;
      const body = received.slice(received.indexOf("\r\n\r\n") + 4);
      return `${received.split("\r\n")[0]} ${body.slice(0, 11)}`;
    });
    console.log(
      `sigterm: ${lanes.ok} requests ok under load, ${uploadAnswers.filter((a) => a.includes('{"ok":true')).length}/5 in-flight uploads completed, ` +
        `new connection after the signal: ${refused}, exit ${exit}; ` +
        `after the signal: ${lanes.transportErrors} requests met a closed connection, ${lanes.otherAnswers.length} got a non-envelope answer`,
    );
    recordFigure(
      "sigterm: in-flight completed / exit / non-envelope answers",
      `${uploadAnswers.filter((a) => a.includes('{"ok":true')).length}/5 / ${exit} / ${lanes.otherAnswers.length}`,
    );
    expect(uploadAnswers).toEqual(Array(5).fill('HTTP/1.1 200 OK {"ok":true,'));
    expect(refused).toBe("ECONNREFUSED");
    expect(exit).toBe(0);
    expect(lanes.ok).toBeGreaterThan(0);
    // A request that reached the server is answered with the envelope, never Fastify's own 503.
    expect(lanes.otherAnswers).toEqual([]);
  }, 90_000);
});

/** Sends a POST's headers and one byte of its body, then nothing: resolves once the server read the headers. */
async function stalledUpload(port: number) {
  const socket = await openTls(port);
  const fate = watch(socket);
  socket.write(
    "POST /v1/resources.list HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 100\r\n\r\n{",
  );
  // Node answers 100 Continue once it has parsed the headers and handed the request on.
  while (!fate.received.includes("100 Continue")) await sleep(10);
  return fate;
}

// Issue 17: a stop is bounded. Whatever holds the server (here a client that never
// finishes its body), it exits by the deadline, non-zero, naming what held it.
describe("SIGTERM with a client that never finishes", () => {
  const fixture = createTenantFixture();
  let db: FixtureDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createFixtureDatabase("deadline", fixture);
    server = await serveOn(db, ["--shutdown-timeout", "1"]);
  });

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await db?.drop();
  });

  it("exits 1 at --shutdown-timeout with a line naming the open connections and the requests", async () => {
    const uploads = [await stalledUpload(server.port), await stalledUpload(server.port)];
    server.child.kill("SIGTERM");
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => "still running after 30 s")]);
    await Promise.all(uploads.map((upload) => Promise.race([upload.closed, sleep(2_000)])));
    recordFigure("stop deadline: exit code with a client that never finishes", String(exit));
    expect(exit).toBe(1);
    // Requests get the timeout's first three quarters; the rest is kept to close the store.
    expect(server.output()).toContain(
      "SIGTERM: finishing in-flight requests (at most 0.75 s; the process ends within 1 s)",
    );
    expect(server.output()).toContain(
      "wsafe: stop deadline of 0.75 s passed with 2 open connections and 2 requests in flight " +
        "(POST /v1/resources.list ×2); they were cut\n",
    );
    // The server never answered them: they were cut, not served half-read.
    expect(uploads.map((upload) => [upload.closedAfterMs !== undefined, upload.received])).toEqual(
      Array(2).fill([true, "HTTP/1.1 100 Continue\r\n\r\n"]),
    );
  }, 60_000);
});
