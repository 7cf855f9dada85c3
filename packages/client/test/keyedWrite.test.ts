/**
 * Writes through a connection that is cut after the server answered (issues 36 and 48),
 * against the real server of `@wsafe/server` with the demo dataset: the first try was
 * made, its answer never arrived; the client, which sent a key of its own, sends the same
 * call again with the same key, and the server answers the first answer. One inspection
 * is recorded; one webhook endpoint is made; one equipment is created. (The server
 * delivers nothing: the endpoint's public address literal never gets a packet.)
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

describe.skipIf(!server)("a write whose answer is lost, against the real server", () => {
  let demo: InProcessServer;
  let database: ScratchDatabase;
  beforeAll(async () => {
    // A small cut of the demo data: its first harness, eq_h_0001, holds sch_preuse expired.
    const { createDemoDataset } = server as unknown as { createDemoDataset(options: object): unknown };
    database = await createPgliteDatabase("client-keyed-write");
    await seedDatabase(server!, database.database, createDemoDataset({ equipmentCount: 20 }));
    demo = await server!.startServer({
      port: 0,
      database: database.database,
      http: true,
      webhooks: { deliver: false },
    });
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

  it("sends webhooks.create again with the same key and is answered the first answer: one endpoint made", async () => {
    const proxy = await answerLosingProxy(new URL(demo.url));
    try {
      const url = "https://93.184.215.14/hooks/client-keyed-write";
      const api = createClient({ baseUrl: proxy.url, token: tokens.write, retries: { minDelayMs: 5 } });
      const made = await api.webhooks.create({ url });
      await proxy.firstAnswered;
      expect(getMeta(made).attempts).toBe(2);
      expect(proxy.connections()).toBe(2);
      const direct = createClient({ baseUrl: demo.url, token: tokens.write });
      const { webhooks } = await direct.webhooks.list();
      expect(webhooks.filter((webhook) => webhook.url === url)).toEqual([made.webhook]);
      await direct.webhooks.delete({ id: made.webhook.id });
    } finally {
      await proxy.close();
    }
  });

  // The register's writes are keyed as every write (issue 49): a sync whose create lost its
  // answer makes one equipment, not two.
  it("sends equipments.create again with the same key and is answered the first answer: one equipment made", async () => {
    const proxy = await answerLosingProxy(new URL(demo.url));
    try {
      const api = createClient({ baseUrl: proxy.url, token: tokens.write, retries: { minDelayMs: 5 } });
      const made = await api.equipments.create({ equipmentType_id: "et_ladder", serialNumber: "LD-KEYED-1" });
      await proxy.firstAnswered;
      expect(getMeta(made).attempts).toBe(2);
      expect(proxy.connections()).toBe(2);
      const direct = createClient({ baseUrl: demo.url, token: tokens.read });
      const ladders = await direct
        .paginate("equipments.list", { equipmentType_id: "et_ladder", service_type: "all" })
        .all();
      expect(ladders.filter((ladder) => ladder.serialNumber === "LD-KEYED-1")).toEqual([made.equipment]);
    } finally {
      await proxy.close();
    }
  });
});
