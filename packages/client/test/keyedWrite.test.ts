/**
 * `inspections.record` through a connection that is cut after the server answered (issue
 * 36), against the real server of `@wsafe/server` with the demo dataset: the first try
 * was recorded, its answer never arrived; the client, which sent a key of its own, sends
 * the same call again with the same key, and the server answers the first answer. One
 * inspection is recorded. A plain write through the same cut is not sent again.
 */
import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  type ScratchDatabase,
  type ServerModule,
  seedDatabase,
  thrown,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetryEvent } from "../src/ClientOptions.js";
import { createClient } from "../src/createClient.js";
import { ErrorCode } from "../src/errors/ErrorCode.js";
import { getMeta } from "../src/ResponseMeta.js";

const { server } = await loadServer("@wsafe/client: keyed write tests");
const tokens = (server?.demoTokens ?? {}) as ServerModule["demoTokens"];

/**
 * A proxy on a free port of 127.0.0.1 in front of `target` that lets its first
 * connection's request through, reads the server's whole answer and cuts the client off
 * without it; later connections are piped through.
 */
async function answerLosingProxy(target: URL) {
  let count = 0;
  const sockets = new Set<Socket>();
  let delivered: () => void;
  const firstAnswered = new Promise<void>((resolve) => {
    delivered = resolve;
  });
  const tcp: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    const upstream = connect(Number(target.port), target.hostname);
    upstream.on("error", () => socket.destroy());
    socket.pipe(upstream);
    if (count++ > 0) {
      upstream.pipe(socket);
      return;
    }
    let answer = Buffer.alloc(0);
    upstream.on("data", (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      const head = answer.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(answer.subarray(0, head).toString());
      if (head >= 0 && length && answer.length >= head + 4 + Number(length[1])) {
        upstream.destroy();
        socket.destroy();
        delivered();
      }
    });
  });
  tcp.listen(0, "127.0.0.1");
  await once(tcp, "listening");
  const { port } = tcp.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    firstAnswered,
    connections: () => count,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

describe.skipIf(!server)("a keyed write whose answer is lost, against the real server", () => {
  let demo: InProcessServer;
  let database: ScratchDatabase;
  beforeAll(async () => {
    // A small cut of the demo data: its first harness, eq_h_0001, holds sch_preuse expired.
    const { createDemoDataset } = server as unknown as { createDemoDataset(options: object): unknown };
    database = await createPgliteDatabase("client-keyed-write");
    await seedDatabase(server!, database.database, createDemoDataset({ equipmentCount: 20 }));
    demo = await server!.startServer({ port: 0, database: database.database, http: true });
  }, 60_000);
  afterAll(async () => {
    await demo?.close();
    await database?.drop();
  });

  it("is sent again with the same key and answered the first answer: one inspection recorded", async () => {
    const proxy = await answerLosingProxy(new URL(demo.url));
    try {
      const events: RetryEvent[] = [];
      const api = createClient({
        baseUrl: proxy.url,
        token: tokens.write,
        retries: { minDelayMs: 5 },
        onRetry: (event) => events.push(event),
      });
      const result = await api.inspections.record({
        equipment_id: "eq_h_0001",
        schedule_id: "sch_preuse",
        result: "passed",
        inspector_id: "u_ada",
        notes: "Recorded once, answered twice.",
      });
      await proxy.firstAnswered;
      expect(getMeta(result).attempts).toBe(2);
      expect(events).toMatchObject([{ attempt: 1, error: { code: ErrorCode.TransportError } }]);
      const direct = createClient({ baseUrl: demo.url, token: tokens.read });
      const { inspections } = await direct.inspections.list({
        equipment_id: "eq_h_0001",
        schedule_id: "sch_preuse",
      });
      expect(inspections).toEqual([result.inspection]);
    } finally {
      await proxy.close();
    }
  });

  it("does not send a plain write again through the same cut: it could act twice", async () => {
    const proxy = await answerLosingProxy(new URL(demo.url));
    try {
      const api = createClient({ baseUrl: proxy.url, token: tokens.write, retries: { minDelayMs: 5 } });
      const error = await thrown(api.webhooks.create({ url: "https://10.0.0.1/never" }));
      expect(error).toMatchObject({ code: ErrorCode.TransportError, meta: { attempts: 1 } });
      expect(proxy.connections()).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});
