// One busy receiver through the reference deployment (issue 47): three servers behind
// HAProxy on one PostgreSQL (through PgBouncer), the default webhook settings (4 attempts
// under way per endpoint, 8 a server), one endpoint answering in 2 ms, and a bounded
// burst of inspections.record through the proxy at 100 a second, each turning an expired
// harness up to date: two events each, 200 events a second to the one endpoint. Every
// event arrives once, verified by the `standardwebhooks` package; the endpoint never has
// more than 4 deliveries open at once; first attempts go in the order the events were
// recorded (when a delivery arrives, at most 3 of those before it are still missing). The
// time from event to arrival (p50, p99, max) is printed, not asserted: it is a speed, and
// speeds are measured, beside their peer, by the bench (workload 13). On a quiet machine
// its p99 is some 200 ms against the 500 ms the issue asks; with other suites loading the
// 2 cores 15-20 deep, one run in four went over (594 ms in CI on 2026-12-07).
//
// Why it keeps up on 2 cores: with 4 attempts under way, the endpoint takes 4
// deliveries a cycle, and a cycle is one POST and one statement (recording an answer
// hands its slot on to the endpoint's next delivery). The bench (workload 13) empties a
// backlog to one endpoint at 108-200 deliveries a second while other suites load the
// machine 8-14 (each process then gets a sixth of a core or less): a cycle of 20-37 ms
// there, some 5 ms on a quiet machine, about 800 a second against the burst's 200. What
// the load takes first is the writers' pace, not the deliveries': the servers record
// fewer inspections a second than are sent, and the events come slower. The time counts
// from the event's `created` (the database's clock, inside the writer's transaction,
// before its commit), so a slow commit counts against the deliveries; the figures
// measured are in this suite's README.
import { fileURLToPath } from "node:url";
import { importDataset, openStore } from "@wsafe/server";
import { plainEquipment, type ServerProcess, startServerProcess } from "@wsafe/test-support";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyClient } from "../src/proxyClient.js";
import { missingServices } from "../src/services.js";
import { startTopology, type Topology } from "../src/startTopology.js";

const missing = missingServices();
const account = "acc_deploy_busy";
const writeToken = "deploy-busy-write-00000000000";
const inspector = "u_deploy_busy";
const type = "et_deploy_busy";
/** The burst: 500 inspections at 100 a second (5 s), 1 000 events. */
const inspections = 500;
const perSecond = 100;
/** Writers, each waiting for its answer: 100 a second while an answer takes up to 160 ms. */
const lanes = 16;
/** `--webhook-endpoint-concurrency`'s default, which the servers run with. */
const cap = 4;
const day = 86_400_000;

describe.skipIf(missing.length > 0)("one busy receiver through the reference deployment", () => {
  let topology: Topology;
  let receiver: ServerProcess;
  beforeAll(async () => {
    receiver = await startServerProcess(
      [fileURLToPath(new URL("../src/busyReceiver.mjs", import.meta.url))],
      {
        name: "receiver",
        ipc: true,
      },
    );
    const now = Date.now();
    topology = await startTopology({
      rateLimit: "100000/60s",
      // Everything else as a server starts by default; the receiver is on 127.0.0.1.
      env: { WSAFE_WEBHOOKS_ALLOW_HTTP: "1", WSAFE_WEBHOOKS_ALLOW_PRIVATE: "1" },
      async seed(pooledUrl) {
        const store = await openStore(pooledUrl);
        try {
          await importDataset(store, {
            accounts: [{ id: account, name: "Busy" }],
            tokens: [{ token: writeToken, account_id: account, permissions: ["read", "write"] }],
            users: [{ id: inspector, account_id: account, name: "Ada Inspector" }],
            equipmentTypes: [{ id: type, account_id: account, name: "Harness", metafields: [] }],
            // Expired a year ago: a passed inspection turns the schedule and the harness up to date.
            equipments: Array.from({ length: inspections }, (_, i) =>
              plainEquipment(`eq_busy_${i}`, type, 1, {
                metavalues: {},
                schedules: [
                  {
                    schedule_id: "s",
                    expiringOn: now - 400 * day,
                    expiresOn: now - 365 * day,
                    lastCompletedOn: now - 730 * day,
                  },
                ],
              }),
            ),
          });
        } finally {
          await store.close();
        }
      },
    });
  }, 180_000);
  afterAll(async () => {
    await topology?.stop();
    await receiver?.stop();
  });

  it("delivers the events of 100 inspections a second to one endpoint, each once, in order, 4 at most at once", async () => {
    const url = `${receiver.url}/hook`;
    const made = await fetch(`${topology.servers[0]!.url}/v1/webhooks.create`, {
      method: "POST",
      body: JSON.stringify({ token: writeToken, url }),
    }).then(
      (response) => response.json() as Promise<{ ok: boolean; secret: string; webhook: { id: string } }>,
    );
    expect(made.ok).toBe(true);

    // The burst: inspection i is sent at start + i × 10 ms by one of 16 lanes, each call
    // through the proxy with the client's idempotency key and retries.
    const { client, close } = proxyClient(topology.proxyUrl, topology.certificate, { token: writeToken });
    const start = performance.now();
    let failed = 0;
    const lane = async (first: number) => {
      for (let i = first; i < inspections; i += lanes) {
        const wait = start + (i * 1000) / perSecond - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const answer = await client
          .call("inspections.record", {
            equipment_id: `eq_busy_${i}`,
            schedule_id: "s",
            result: "passed",
            inspector_id: inspector,
            expiresOn: Date.now() + 365 * day,
            expiringOn: Date.now() + 335 * day,
          })
          .catch(() => undefined);
        if (!answer?.ok) failed++;
      }
    };
    try {
      await Promise.all(Array.from({ length: lanes }, (_, first) => lane(first)));
    } finally {
      await close();
    }
    const sentSeconds = (performance.now() - start) / 1000;
    expect(failed).toBe(0);

    const admin = new pg.Client({ connectionString: topology.database.direct });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ id: string; created: string }>(
        `SELECT d.event_id AS id, d.created::text FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
          WHERE d.webhook_id = $1 ORDER BY e.sequence`,
        [made.webhook.id],
      );
      expect(rows).toHaveLength(2 * inspections);
      let report = await reportOf(receiver);
      const deadline = Date.now() + 60_000;
      while (
        new Set(report.requests.map((got) => got.headers["webhook-id"])).size < rows.length &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        report = await reportOf(receiver);
      }
      const verifier = new Webhook(made.secret);
      const refused = report.requests.filter((got) => !verifies(verifier, got)).length;
      /** When each event first arrived (this machine's clock, which PostgreSQL reads too). */
      const arrivals = new Map<string, number>();
      for (const got of report.requests)
        if (!arrivals.has(got.headers["webhook-id"]!)) arrivals.set(got.headers["webhook-id"]!, got.at);
      expect(rows.filter((row) => !arrivals.has(row.id))).toEqual([]);

      const waits = rows.map((row) => arrivals.get(row.id)! - Number(row.created)).sort((a, b) => a - b);
      const at = (p: number) => waits[Math.min(waits.length - 1, Math.ceil(p * waits.length) - 1)]!;
      // In order: when the n-th event (by sequence) arrives, every earlier one has been
      // claimed, and at most `cap - 1` of them are still under way: not yet arrived.
      const arrivedAt = rows.map((row) => arrivals.get(row.id)!);
      const outOfOrder = arrivedAt.filter(
        (time, n) => arrivedAt.slice(0, n).filter((earlier) => earlier > time).length > cap - 1,
      ).length;
      const { rows: attempts } = await admin.query<{ n: number; first: number }>(
        "SELECT count(*)::int AS n, count(*) FILTER (WHERE attempt = 1 AND succeeded)::int AS first FROM webhook_attempts WHERE webhook_id = $1",
        [made.webhook.id],
      );
      console.log(
        `deployment: ${inspections} inspections in ${sentSeconds.toFixed(1)} s through the proxy, ${rows.length} events to one endpoint answering in 2 ms: event to arrival p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${waits.at(-1)} ms; at most ${report.mostOpen} open at once; ${report.requests.length} requests, ${attempts[0]!.n} attempts`,
      );
      expect(refused).toBe(0);
      expect(report.requests).toHaveLength(rows.length);
      expect(attempts[0]).toEqual({ n: rows.length, first: rows.length });
      expect(report.mostOpen).toBeLessThanOrEqual(cap);
      expect(outOfOrder).toBe(0);
    } finally {
      await admin.end();
    }
  }, 180_000);
});

/** What the receiver noted: every request, and the most open at once. */
interface ReceiverReport {
  requests: { at: number; headers: Record<string, string>; body: string }[];
  mostOpen: number;
}

/** Asks the receiver's process what it noted so far. */
function reportOf(receiver: ServerProcess): Promise<ReceiverReport> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (
        typeof message !== "object" ||
        message === null ||
        !("type" in message) ||
        message.type !== "report"
      )
        return;
      receiver.child.off("message", listen);
      resolve(message as unknown as ReceiverReport);
    };
    receiver.child.on("message", listen);
    receiver.child.send({ type: "report" });
  });
}

/** Whether a request is a delivery signed with the endpoint's secret (the `standardwebhooks` package). */
function verifies(verifier: Webhook, got: ReceiverReport["requests"][number]): boolean {
  try {
    verifier.verify(got.body, got.headers);
    return true;
  } catch {
    return false;
  }
}
