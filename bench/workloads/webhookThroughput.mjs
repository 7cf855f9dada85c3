// Workload 13, webhook throughput (issue 47): how many deliveries a second one endpoint
// receives from a backlog, and how many round trips to PostgreSQL each costs, with the
// server's own delivery pool (`children/deliveryWorker.mjs`: the default settings, 4
// attempts under way per endpoint) beside a minimal peer that claims, signs, posts and
// records the same rows (`children/deliveryPeer.mjs`, the same cap). One receiver on
// 127.0.0.1 answers each in 2 ms after verifying its signature; both sides must deliver
// every event once, with equal bodies, never more than 4 at once, and leave every
// delivery recorded as one successful attempt.

import { once } from "node:events";
import { createServer } from "node:http";
import { isDeepStrictEqual } from "node:util";
import { defaultEventTypes } from "@wsafe/schema";
import { createPostgresDatabase, plainEquipment } from "@wsafe/test-support";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { startChildServer } from "../lib/childServer.mjs";
import { progress } from "../lib/log.mjs";
import { median } from "../lib/percentiles.mjs";
import { clockTicksPerSecond, readCpuTicks } from "../lib/procCpu.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

const account = "acc_throughput";
const perEndpoint = 4;

/** A receiver that verifies each delivery and answers 204 after 2 ms; it notes arrivals, bodies and how many were open at once. */
async function receiver() {
  let verifier = new Webhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  /** @type {Map<string, { at: number, data: unknown }>} */
  const arrived = new Map();
  let open = 0;
  let mostOpen = 0;
  let refused = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    open++;
    mostOpen = Math.max(mostOpen, open);
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      requests++;
      try {
        verifier.verify(body, /** @type {Record<string, string>} */ (req.headers));
        const id = String(req.headers["webhook-id"]);
        if (!arrived.has(id)) arrived.set(id, { at: performance.now(), data: JSON.parse(body) });
      } catch {
        refused++;
      }
      setTimeout(() => {
        open--;
        res.writeHead(204).end();
      }, 2);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrived,
    stats: () => ({ mostOpen, refused, requests }),
    reset(/** @type {string} */ secret) {
      verifier = new Webhook(secret);
      arrived.clear();
      mostOpen = 0;
      refused = 0;
      requests = 0;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * One side's run over the same backlog: the queue made due again, the child started, every
 * delivery awaited, then checked.
 *
 * @param {{ name: "wsafe" | "peer", child: string, database: string, admin: pg.Client, target: Awaited<ReturnType<typeof receiver>>, secret: string, events: string[] }} side
 */
async function runSide({ name, child, database, admin, target, secret, events }) {
  await admin.query("DELETE FROM webhook_attempts");
  await admin.query(
    "UPDATE webhook_deliveries SET attempts = 0, leased_until = NULL, next_attempt_at = (extract(epoch FROM clock_timestamp()) * 1000)::bigint",
  );
  target.reset(secret);
  const worker = await startChildServer(child, { database, perEndpoint, leaseMs: 60_000 });
  const ticksBefore = readCpuTicks(worker.pid);
  try {
    const deadline = performance.now() + 300_000;
    while (target.arrived.size < events.length) {
      if (performance.now() > deadline)
        throw new Error(`throughput ${name}: ${target.arrived.size} of ${events.length} deliveries in 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (;;) {
      const [{ pending }] = (
        await admin.query(
          "SELECT count(*)::int AS pending FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL",
        )
      ).rows;
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { count: queries } = await worker.ask({ type: "queries" }, "queries");
    const ticksAfter = readCpuTicks(worker.pid);
    const cpuSeconds =
      ticksBefore === null || ticksAfter === null
        ? Number.NaN
        : (ticksAfter - ticksBefore) / clockTicksPerSecond();
    const times = [...target.arrived.values()].map((arrival) => arrival.at);
    const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
    const [kept] = (
      await admin.query(
        "SELECT count(*)::int AS attempts, count(*) FILTER (WHERE succeeded AND attempt = 1)::int AS first FROM webhook_attempts",
      )
    ).rows;
    const { mostOpen, refused, requests } = target.stats();
    if (
      refused > 0 ||
      requests !== events.length ||
      kept.attempts !== events.length ||
      kept.first !== events.length
    )
      throw new Error(
        `throughput ${name}: ${requests} requests, ${refused} refused, ${kept.attempts} attempts kept (${kept.first} first and successful) for ${events.length} events`,
      );
    if (mostOpen > perEndpoint)
      throw new Error(`throughput ${name}: ${mostOpen} deliveries at once, the cap is ${perEndpoint}`);
    const result = {
      perSecond: Math.round((events.length - 1) / seconds),
      roundTrips: queries / events.length,
      cpuMicros: Math.round((cpuSeconds * 1e6) / events.length),
      mostOpen,
    };
    progress(
      `throughput ${name}: ${events.length} deliveries, ${result.perSecond}/s, ${result.roundTrips.toFixed(2)} round trips and ${result.cpuMicros} µs of its CPU a delivery, at most ${mostOpen} at once`,
    );
    return { result, bodies: new Map([...target.arrived].map(([id, arrival]) => [id, arrival.data])) };
  } finally {
    await worker.close();
  }
}

/**
 * Measures both sides in turns over one backlog of `deliveries` events to one endpoint.
 *
 * @param {{ postgresUrl: string, deliveries: number, rounds: number }} options
 */
export async function runWebhookThroughput({ postgresUrl, deliveries, rounds }) {
  const { openStore, importDataset } = await import(serverLocation().entryUrl);
  const { WebhookStore } = await import(
    new URL("./webhooks/WebhookStore.js", serverLocation().entryUrl).href
  );
  // Empty, migrated by the server under measurement: a build of another commit (a
  // baseline) refuses a database holding migrations it does not know.
  const db = await createPostgresDatabase("bench_throughput", postgresUrl, { template: "none" });
  const target = await receiver();
  const store = await openStore(db.database);
  const admin = new pg.Client({ connectionString: db.database });
  await admin.connect();
  try {
    await importDataset(store, {
      accounts: [{ id: account, name: "Busy receiver" }],
      equipmentTypes: [{ id: "et_throughput", account_id: account, name: "Harness", metafields: [] }],
    });
    const made = await new WebhookStore(store.sql).create(
      account,
      { url: target.url, types: [], equipmentTypeId: null },
      Date.now(),
    );
    const year = 365 * 86_400_000;
    const schedule = {
      schedule_id: "s",
      expiringOn: Date.now() + year,
      expiresOn: Date.now() + 2 * year,
      lastCompletedOn: Date.now(),
    };
    await importDataset(store, {
      equipments: Array.from({ length: deliveries / 2 }, (_, i) =>
        plainEquipment(`eq_busy_${i}`, "et_throughput", 1, { metavalues: {}, schedules: [schedule] }),
      ),
    });
    // What the endpoint (no types named) is sent: the status transitions. The import also
    // records its equipment's creation, which reaches only an endpoint that names it.
    const events = (
      await admin.query("SELECT id FROM events WHERE type = ANY($1::text[]) ORDER BY sequence", [
        defaultEventTypes,
      ])
    ).rows.map((row) => row.id);
    const secret = made.secret.reveal();
    /** @type {{ wsafe: any[], peer: any[] }} */
    const runs = { wsafe: [], peer: [] };
    /** @type {Map<string, unknown> | undefined} */
    let wsafeBodies;
    for (let round = 0; round < rounds; round++) {
      for (const [name, child] of /** @type {const} */ ([
        ["wsafe", "deliveryWorker.mjs"],
        ["peer", "deliveryPeer.mjs"],
      ])) {
        const run = await runSide({ name, child, database: db.database, admin, target, secret, events });
        runs[name].push(run.result);
        if (name === "wsafe") wsafeBodies = run.bodies;
        // The same work: every body the peer sent is the one wsafe sent for that event.
        else if (![...run.bodies].every(([id, data]) => isDeepStrictEqual(data, wsafeBodies?.get(id))))
          throw new Error("throughput: the peer's bodies differ from wsafe's");
      }
    }
    const summary = (/** @type {any[]} */ list) => ({
      perSecond: median(list.map((run) => run.perSecond)),
      roundTrips: median(list.map((run) => run.roundTrips)),
      cpuMicros: median(list.map((run) => run.cpuMicros)),
      mostOpen: Math.max(...list.map((run) => run.mostOpen)),
      runs: list,
    });
    return { deliveries, rounds, perEndpoint, wsafe: summary(runs.wsafe), peer: summary(runs.peer) };
  } finally {
    await admin.end();
    await store.close();
    target.close();
    await db.drop();
  }
}
