/**
 * The client's retries against the real server of `@wsafe/server`, started here with the
 * demo dataset. Flaky networks are real too: tiny `node:net` servers drop, truncate or
 * stall connections in front of it.
 */
import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  type ScratchDatabase,
  type ServerModule,
  thrown,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetryEvent } from "../src/ClientOptions.js";
import { createClient } from "../src/createClient.js";
import { ErrorCode } from "../src/errors/ErrorCode.js";
import { getMeta } from "../src/ResponseMeta.js";
import { validateResponse } from "../src/validate.js";

// The server is built by its own package; until its dist exists these tests skip, loudly.
const { server } = await loadServer("@wsafe/client: retry tests");
// The demo dataset's tokens, from the server that imports them.
const tokens = (server?.demoTokens ?? {}) as ServerModule["demoTokens"];

/** A TCP server on a free port of 127.0.0.1 that hands every connection to `onConnection`. */
async function tcpServer(onConnection: (socket: Socket, index: number) => void) {
  let count = 0;
  const sockets = new Set<Socket>();
  const tcp: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    onConnection(socket, count++);
  });
  tcp.listen(0, "127.0.0.1");
  await once(tcp, "listening");
  const { port } = tcp.address() as { port: number };
  return {
    port,
    connections: () => count,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

/** Pipes a connection to the real server: the path of a healthy proxy. */
function pipeTo(socket: Socket, target: URL) {
  const upstream = connect(Number(target.port), target.hostname);
  upstream.on("error", () => socket.destroy());
  socket.pipe(upstream).pipe(socket);
}

describe.skipIf(!server)("retries against the real server", () => {
  let limited: InProcessServer;
  let db: ScratchDatabase | undefined;

  beforeAll(async () => {
    // A copy of the demo template store: the server finds the demo there, nothing to import.
    db = await createPgliteDatabase("client-retries", { template: "demo" });
    limited = await server!.startServer({
      port: 0,
      database: db.database,
      demo: true,
      http: true,
      rateLimit: { points: 2, durationSeconds: 1 },
    });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
    await db?.drop();
  });

  it("waits Retry-After when the server answers rate_limit_exceeded, then succeeds", async () => {
    const events: RetryEvent[] = [];
    const api = createClient({
      baseUrl: limited.url,
      token: tokens.read,
      onRetry: (event) => events.push(event),
      validateResponses: validateResponse,
    });
    const started = Date.now();
    const results = await Promise.all([1, 2, 3, 4].map(() => api.resources.list()));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true]);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]!.error).toMatchObject({
      error: "rate_limit_exceeded",
      retryAfter: expect.any(Number),
    });
    expect(events[0]!.delayMs).toBe((events[0]!.error as { retryAfter: number }).retryAfter * 1000);
    expect(Math.max(...results.map((result) => getMeta(result).attempts))).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(events[0]!.delayMs - 50);
  });

  it("throws the rate-limit error with retryAfter when retries are off", async () => {
    const api = createClient({ baseUrl: limited.url, token: tokens.otherAccount, retries: false });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => api.resources.list()));
    const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect(rejected[0]!.reason).toMatchObject({
      code: ErrorCode.ApiError,
      error: "rate_limit_exceeded",
      retryAfter: expect.any(Number),
      requestId: expect.any(String),
    });
  });

  it("retries through a connection that drops, and reaches the server", async () => {
    const target = new URL(limited.url);
    // Drops the first connection at once; pipes the next ones to the real server.
    const flaky = await tcpServer((socket, index) => {
      if (index === 0) return socket.destroy();
      pipeTo(socket, target);
    });
    try {
      const events: RetryEvent[] = [];
      const api = createClient({
        baseUrl: `http://127.0.0.1:${flaky.port}`,
        token: tokens.write,
        retries: { minDelayMs: 5 },
        onRetry: (event) => events.push(event),
      });
      const result = await api.users.info({ user: "u_ada" });
      expect(result.user.name).toBe("Ada Lovelace");
      expect(getMeta(result).attempts).toBe(2);
      expect(events).toMatchObject([
        { attempt: 1, error: { code: ErrorCode.TransportError, status: undefined } },
      ]);
      expect(flaky.connections()).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it("gives up after maxRetries on a socket that always drops", async () => {
    const dead = await tcpServer((socket) => socket.destroy());
    try {
      const api = createClient({
        baseUrl: `http://127.0.0.1:${dead.port}`,
        token: tokens.read,
        retries: { maxRetries: 2, minDelayMs: 5 },
      });
      const error = await thrown(api.resources.list());
      expect(error).toMatchObject({
        code: ErrorCode.TransportError,
        status: undefined,
        meta: { attempts: 3 },
      });
      expect(dead.connections()).toBe(3);
    } finally {
      await dead.close();
    }
  });

  it("retries a proxy's HTML error page and a body cut short", async () => {
    const target = new URL(limited.url);
    const proxy = await tcpServer((socket, index) => {
      socket.once("data", () => {
        if (index === 0) {
          const html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
          socket.end(
            `HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: ${html.length}\r\nConnection: close\r\n\r\n${html}`,
          );
        } else if (index === 1) {
          socket.end(
            `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"ok":true,"user":{"id":`,
          );
        }
      });
      if (index >= 2) pipeTo(socket, target);
    });
    try {
      const events: RetryEvent[] = [];
      const api = createClient({
        baseUrl: `http://127.0.0.1:${proxy.port}`,
        token: tokens.write,
        retries: { minDelayMs: 5 },
        onRetry: (event) => events.push(event),
      });
      const result = await api.users.info({ user: "u_ada" });
      expect(result.user.id).toBe("u_ada");
      expect(events.map((event) => event.error)).toMatchObject([
        {
          code: ErrorCode.TransportError,
          status: 502,
          bodySnippet: expect.stringContaining("502 Bad Gateway"),
        },
        { code: ErrorCode.TransportError, status: 200, bodySnippet: '{"ok":true,"user":{"id":' },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it("times out on a server that accepts and never answers, and aborts on request", async () => {
    const silent = await tcpServer(() => {});
    try {
      const api = createClient({ baseUrl: `http://127.0.0.1:${silent.port}`, token: tokens.read });
      expect(await thrown(api.resources.list({}, { timeoutMs: 200 }))).toMatchObject({
        code: ErrorCode.TimeoutError,
        timeoutMs: 200,
      });
      const controller = new AbortController();
      const call = thrown(api.resources.list({}, { signal: controller.signal }));
      setTimeout(() => controller.abort(), 50);
      expect(await call).toMatchObject({ code: ErrorCode.AbortError });
    } finally {
      await silent.close();
    }
  });
});
