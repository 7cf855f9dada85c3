// Webhook deliveries of the reference deployment, under the faults an operator meets:
// three servers behind HAProxy on one PostgreSQL (through PgBouncer), events recorded all
// along by imports, `kill -9` of one server and a rolling restart meanwhile. Every event is
// delivered to a receiver on 127.0.0.1 that verifies each delivery with the
// `standardwebhooks` package; how many came twice (at least once: a killed server's claimed
// attempt is made again after its lease) is printed. Then fairness across the three
// servers: another tenant's delivery is made while one tenant's endpoint, never answering,
// holds its cap of attempts with a backlog of 10 000 (the wait is printed; the bench
// measures it).
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defaultEventTypes } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { eventually, plainEquipment } from "@wsafe/test-support";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingServices } from "../src/services.js";
import { startTopology, type Topology } from "../src/startTopology.js";

const missing = missingServices();
const account = "acc_deploy_hooks";
const writeToken = "deploy-hooks-write-0000000000";
const otherToken = "deploy-hooks-other-write-0000";

describe.skipIf(missing.length > 0)("webhook deliveries of the reference deployment, under faults", () => {
  let topology: Topology;
  const received: string[] = [];
  let refused = 0;
  let secret = "";
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        received.push(String(req.headers["webhook-id"]));
        res.writeHead(204).end();
      } catch {
        refused++;
        res.writeHead(400).end();
      }
    });
  });

  beforeAll(async () => {
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    topology = await startTopology({
      rateLimit: "100000/60s",
      env: {
        WSAFE_WEBHOOKS_ALLOW_HTTP: "1",
        WSAFE_WEBHOOKS_ALLOW_PRIVATE: "1",
        WSAFE_WEBHOOK_RETRY_SCHEDULE: "0s,1s,1s,2s,2s,3s,3s,5s",
      },
      async seed(pooledUrl) {
        const store = await openStore(pooledUrl);
        try {
          await importDataset(store, {
            accounts: [{ id: account, name: "Hooked" }],
            tokens: [{ token: writeToken, account_id: account, permissions: ["read", "write"] }],
            equipmentTypes: [{ id: "et_deploy_hooks", account_id: account, name: "Harness", metafields: [] }],
          });
        } finally {
          await store.close();
        }
      },
    });
  }, 120_000);
  afterAll(async () => {
    await topology?.stop();
    receiver.close();
  });

  it("delivers every event recorded while a server is killed and the rest restarted one by one", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const made = await fetch(`${topology.servers[0]!.url}/v1/webhooks.create`, {
      method: "POST",
      body: JSON.stringify({ token: writeToken, url }),
    }).then((response) => response.json() as Promise<{ ok: boolean; secret: string }>);
    expect(made.ok).toBe(true);
    secret = made.secret;

    // Events all along: a new equipment every 100 ms, through PgBouncer, as `wsafe import` would.
    const store = await openStore(topology.database.pooled);
    let imports = 0;
    let importing = true;
    const importer = (async () => {
      while (importing) {
        const id = `eq_hooked_${imports++}`;
        const year = 365 * 86_400_000;
        await importDataset(store, {
          equipments: [
            plainEquipment(id, "et_deploy_hooks", 1, {
              metavalues: {},
              schedules: [
                {
                  schedule_id: "s",
                  expiringOn: Date.now() + year,
                  expiresOn: Date.now() + 2 * year,
                  lastCompletedOn: Date.now(),
                },
              ],
            }),
          ],
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      await eventually(() => received.length >= 10, "the first deliveries");
      const victim = topology.servers[1]!;
      expect(await victim.process.stop("SIGKILL")).toBe("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await topology.restart(victim);
      for (const server of topology.servers) {
        await server.process.stop("SIGTERM");
        await topology.restart(server);
      }
    } finally {
      importing = false;
      await importer;
      await store.close();
    }

    const admin = new pg.Client({ connectionString: topology.database.direct });
    await admin.connect();
    try {
      // What an endpoint made without types gets: the status transitions.
      const { rows } = await admin.query<{ id: string }>(
        "SELECT id FROM events WHERE account_id = $1 AND type = ANY($2::text[])",
        [account, defaultEventTypes],
      );
      const recorded = rows.map((row) => row.id);
      expect(recorded.length).toBe(imports * 2);
      await eventually(
        async () => recorded.every((id) => received.includes(id)),
        "every recorded event delivered",
        { timeoutMs: 60_000 },
      );
      const { rows: pending } = await admin.query(
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL",
      );
      const duplicates = received.length - new Set(received).size;
      console.log(
        `deployment: webhooks under kill -9 and a rolling restart: ${recorded.length} events, ${received.length} deliveries, ${duplicates} duplicates, ${pending[0].n} pending, ${refused} refused by the receiver`,
      );
      expect(refused).toBe(0);
      expect(new Set(received)).toEqual(new Set(recorded));
    } finally {
      await admin.end();
    }
  }, 180_000);

  it("delivers another tenant's event while one tenant's endpoint times out with a backlog of 10 000", async () => {
    // Two receivers on 127.0.0.1: one that never answers (each attempt runs to its 15 s
    // timeout), one that answers at once.
    const arrivals = new Map<string, number>();
    let slowConnections = 0;
    const slow = createServer((req) => req.resume());
    slow.on("connection", () => slowConnections++);
    const fast = createServer((req, res) => {
      arrivals.set(String(req.headers["webhook-id"]), Date.now());
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    for (const receiverOf of [slow, fast]) {
      receiverOf.listen(0, "127.0.0.1");
      await once(receiverOf, "listening");
    }
    const urlOf = (server: typeof slow) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const store = await openStore(topology.database.pooled);
    const admin = new pg.Client({ connectionString: topology.database.direct });
    await admin.connect();
    try {
      await importDataset(store, {
        accounts: [{ id: "acc_deploy_other", name: "Other tenant" }],
        tokens: [{ token: otherToken, account_id: "acc_deploy_other", permissions: ["read", "write"] }],
        equipmentTypes: [
          { id: "et_deploy_other", account_id: "acc_deploy_other", name: "Harness", metafields: [] },
        ],
      });
      const make = async (token: string, url: string) =>
        (
          await fetch(`${topology.servers[2]!.url}/v1/webhooks.create`, {
            method: "POST",
            body: JSON.stringify({ token, url }),
          }).then((response) => response.json() as Promise<{ ok: boolean; webhook: { id: string } }>)
        ).webhook.id;
      // The first case's endpoint goes: the backlog is the slow endpoint's alone.
      const listed = (await fetch(`${topology.servers[2]!.url}/v1/webhooks.list`, {
        method: "POST",
        body: JSON.stringify({ token: writeToken }),
      }).then((response) => response.json())) as { webhooks: { id: string }[] };
      for (const { id } of listed.webhooks)
        await fetch(`${topology.servers[2]!.url}/v1/webhooks.delete`, {
          method: "POST",
          body: JSON.stringify({ token: writeToken, id }),
        });
      const slowEndpoint = await make(writeToken, urlOf(slow));
      await importDataset(store, hookedEquipment("et_deploy_hooks", "eq_backlog", 5000));
      await eventually(() => slowConnections > 0, "the slow endpoint's first attempts", {
        timeoutMs: 60_000,
      });
      const fastEndpoint = await make(otherToken, urlOf(fast));
      await importDataset(store, hookedEquipment("et_deploy_other", "eq_other", 1));
      // When the events were recorded, by the database's clock (this machine's).
      const { rows } = await admin.query<{ id: string; created: string }>(
        "SELECT event_id AS id, created::text FROM webhook_deliveries WHERE webhook_id = $1",
        [fastEndpoint],
      );
      const recorded = Number(rows[0]!.created);
      expect(rows).toHaveLength(2);
      await eventually(() => rows.every((row) => arrivals.has(row.id)), "the other tenant's deliveries", {
        timeoutMs: 60_000,
      });
      const waited = Math.max(...rows.map((row) => arrivals.get(row.id)!)) - recorded;
      // Made while every attempt at the slow endpoint still waits for its answer, and the
      // three servers together hold no more than its cap of them.
      const { rows: slowAttempts } = await admin.query(
        "SELECT 1 FROM webhook_attempts WHERE webhook_id = $1",
        [slowEndpoint],
      );
      console.log(
        `deployment: another tenant's deliveries arrived ${Math.round(waited)} ms after its event, beside an endpoint timing out with 10 000 deliveries (3 servers; ${slowConnections} attempts at it under way)`,
      );
      expect(slowAttempts).toEqual([]);
      expect(slowConnections).toBe(4);
    } finally {
      await admin.end();
      await store.close();
      for (const receiverOf of [slow, fast]) {
        receiverOf.closeAllConnections();
        receiverOf.close();
      }
    }
  }, 180_000);
});

/** `count` new equipment of a type, each with a schedule: importing them records two events each. */
function hookedEquipment(type: string, prefix: string, count: number) {
  const year = 365 * 86_400_000;
  return {
    equipments: Array.from({ length: count }, (_, i) =>
      plainEquipment(`${prefix}_${i}`, type, 1, {
        metavalues: {},
        schedules: [
          {
            schedule_id: "s",
            expiringOn: Date.now() + year,
            expiresOn: Date.now() + 2 * year,
            lastCompletedOn: Date.now(),
          },
        ],
      }),
    ),
  };
}
