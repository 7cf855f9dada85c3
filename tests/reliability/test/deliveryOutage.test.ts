// The webhook delivery worker through a database outage, on PostgreSQL reached through a
// relay this test cuts (the shared server itself is never stopped): it backs off (1 s,
// doubling, up to 30 s) instead of trying every second, logs once when the outage starts
// and once when it ends (each try in between at debug only), and delivers again after.

import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { defaultEventTypes } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { createTenantFixture, eventually, plainEquipment, type ServerProcess } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureDatabase, type FixtureDatabase, launchOn } from "../src/fixtureServer.js";
import { call, closePool, json, openPool, send } from "../src/httpsClient.js";
import { warnIfMissing } from "../src/services.js";
import { TcpProxy } from "../src/tcpProxy.js";

const skip = warnIfMissing("PostgreSQL", "the delivery worker's outage test");

/** One line of the server's JSON log. */
interface LogLine {
  level: number;
  msg: string;
  retryInMs?: number;
}

describe.skipIf(skip)("the delivery worker through a database outage", () => {
  const fixture = createTenantFixture();
  let db: FixtureDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let pool: Pool;
  let logFile: string;
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    received.push(String(req.headers["webhook-id"]));
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  const workerLines = () =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg?.startsWith("webhook deliveries"));

  beforeAll(async () => {
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    db = await createFixtureDatabase("outage", fixture);
    proxy = await TcpProxy.start(db.database);
    logFile = join(db.directory, "server.log");
    server = await launchOn(
      { ...db, database: proxy.rewrite(db.database) },
      {
        rateLimit: { points: 1e9, durationSeconds: 60 },
        logger: { level: "debug" },
        webhooks: { allowHttp: true, allowPrivate: true },
      },
      { logFile },
    );
    pool = openPool(server.url, 2);
  });

  afterAll(async () => {
    await closePool(pool);
    await server?.stop();
    await proxy?.close();
    await db?.drop();
    receiver.close();
  });

  it("backs off, logs the outage once when it starts and once when it ends, then delivers", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const made = json(
      await send(pool, call("webhooks.create", { token: fixture.tokens.alphaReadWrite, url })),
    );
    expect(made).toMatchObject({ ok: true });
    await proxy.cut();
    await eventually(() => workerLines().some((line) => line.msg.includes("paused")), "the outage noticed", {
      timeoutMs: 20_000,
    });
    // Eight seconds of outage: a worker trying every second would try eight times.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await proxy.restore();
    await eventually(() => workerLines().some((line) => line.msg.includes("resumed")), "the worker resumed", {
      timeoutMs: 40_000,
    });
    const lines = workerLines();
    const paused = lines.filter((line) => line.msg.includes("paused"));
    const resumed = lines.filter((line) => line.msg.includes("resumed"));
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ level: 50 });
    expect(paused[0]!.msg).toMatch(/trying again in 1 second, then less often, up to every 30 seconds$/);
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ level: 30 });
    // Every try in between at debug, each wait twice the one before.
    const waits = lines.filter((line) => line.level === 20).map((line) => line.retryInMs);
    console.log(
      `outage: the delivery worker waited 1000, ${waits.join(", ")} ms between tries over 8 s of outage`,
    );
    expect(waits.length).toBeLessThanOrEqual(4);
    expect(waits).toEqual([2000, 4000, 8000, 16_000].slice(0, waits.length));
    // And it delivers again: an event recorded now arrives.
    const store = await openStore(db.database);
    let eventId: string;
    try {
      const type = fixture.alpha.equipmentTypes[0]!;
      await importDataset(store, {
        equipments: [plainEquipment("eq_alpha_outage", type, 1, { metavalues: {} })],
      });
      const [event] = await store.sql.query<{ id: string }>(
        // The status event the endpoint (made without types) gets, not the equipment's creation.
        "SELECT id FROM events WHERE equipment_id = 'eq_alpha_outage' AND type = ANY($1::text[])",
        [defaultEventTypes],
      );
      eventId = event!.id;
    } finally {
      await store.close();
    }
    await eventually(() => received.includes(eventId), "the delivery after the outage");
  }, 120_000);
});
