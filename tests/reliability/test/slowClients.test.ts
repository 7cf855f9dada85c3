import type tls from "node:tls";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "../src/figures.js";
import { createFixture } from "../src/fixture.js";
import { type FixtureServer, startFixtureServer } from "../src/fixtureServer.js";
import { call, closePool, json, openPool, send } from "../src/httpsClient.js";
import { openTls, watch } from "../src/rawSocket.js";
import type { ServerProcess } from "../src/serverProcess.js";

// How long a client that sends its request a byte at a time may hold a connection.
// SECURITY.md names this bound; WSAFE_SLOW_CLIENT_LIMIT_MS widens it for a slow machine.
const LIMIT_MS = Number(process.env.WSAFE_SLOW_CLIENT_LIMIT_MS ?? 30_000);
const SLOW_CLIENTS = 50;
const LABEL = "slow";
const fixture = createFixture();

describe("slow clients (slowloris)", () => {
  let running: FixtureServer;
  let server: ServerProcess;
  let pool: Pool;
  const sockets: tls.TLSSocket[] = [];
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    running = await startFixtureServer(LABEL, fixture, { rateLimit: { points: 1e6, durationSeconds: 60 } });
    server = running.server;
    pool = openPool(server.url, 2);
  });

  afterAll(async () => {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    await closePool(pool);
    await running?.stop();
  });

  /** Opens a connection and keeps feeding it one small piece every second, never finishing. */
  async function trickle(start: string, piece: () => string) {
    const socket = await openTls(server.port);
    sockets.push(socket);
    const fate = watch(socket);
    socket.write(start);
    timers.push(
      setInterval(() => {
        if (!socket.destroyed) socket.write(piece());
      }, 1_000),
    );
    return fate;
  }

  it(
    `cuts slow headers and slow bodies within ${LIMIT_MS / 1000} s and keeps serving everyone else`,
    async () => {
      const started = performance.now();
      const slowHeaders = await Promise.all(
        Array.from({ length: SLOW_CLIENTS }, (_, i) =>
          trickle(`POST /v1/resources.list HTTP/1.1\r\nHost: localhost\r\nX-Slow-${i}: `, () => "a"),
        ),
      );
      const slowBodies = await Promise.all(
        Array.from({ length: SLOW_CLIENTS }, () =>
          trickle(
            "POST /v1/resources.list HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
            () => " ",
          ),
        ),
      );

      // While they hang on, a well-behaved client is served as usual.
      const latencies: number[] = [];
      for (let i = 0; i < 20; i++) {
        const answer = await send(pool, call("resources.list", { token: fixture.tokens.alphaRead }));
        expect(answer.status).toBe(200);
        expect(json(answer).ok).toBe(true);
        latencies.push(answer.elapsedMs);
      }

      const all = [...slowHeaders, ...slowBodies];
      const deadline = LIMIT_MS - (performance.now() - started);
      await Promise.race([
        Promise.all(all.map((fate) => fate.closed)),
        new Promise((r) => setTimeout(r, deadline)),
      ]);
      const open = (fates: typeof all) => fates.filter((fate) => fate.closedAfterMs === undefined).length;
      const slowest = (fates: typeof all) =>
        Math.max(...fates.map((fate) => fate.closedAfterMs ?? Number.POSITIVE_INFINITY));
      console.log(
        `slowloris: ${SLOW_CLIENTS} slow-header and ${SLOW_CLIENTS} slow-body connections; ` +
          `still open after ${(LIMIT_MS / 1000).toFixed(0)} s: ${open(slowHeaders)} + ${open(slowBodies)}; ` +
          `slowest cut after ${(slowest(slowHeaders) / 1000).toFixed(1)} s / ${(slowest(slowBodies) / 1000).toFixed(1)} s; ` +
          `others served meanwhile in max ${Math.max(...latencies).toFixed(0)} ms`,
      );
      recordFigure(
        `slowloris: connections still open after ${LIMIT_MS / 1000} s`,
        `${open(slowHeaders)} slow-header + ${open(slowBodies)} slow-body of ${2 * SLOW_CLIENTS}`,
      );
      expect({ slowHeadersOpen: open(slowHeaders), slowBodiesOpen: open(slowBodies) }).toEqual({
        slowHeadersOpen: 0,
        slowBodiesOpen: 0,
      });
      // The slow requests never reached the service: no JSON answer was made for them.
      for (const fate of all) expect(fate.received).not.toContain('"ok":true');
    },
    LIMIT_MS + 30_000,
  );
});
