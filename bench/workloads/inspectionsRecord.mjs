import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runConformance } from "@wsafe/conformance";
import {
  createPostgresDatabase,
  createScratchDirectory,
  plainEquipment,
  writeCertificateFiles,
} from "@wsafe/test-support";
import pg from "pg";
import { startChildServer } from "../lib/childServer.mjs";
import { pinningPlan, pinProcess, tasksetAvailable } from "../lib/cpuPinning.mjs";
import { loud, progress } from "../lib/log.mjs";
import { clockTicksPerSecond, cpuMicrosPerRequest, readCpuTicks } from "../lib/procCpu.mjs";
import { runPinnedChild } from "../lib/runPinnedChild.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { summariseRounds } from "../lib/summariseRounds.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";

const day = 86_400_000;
const accountCount = 16;
const rateLimit = { points: 1_000_000_000, durationSeconds: 1 };
// Outbox rows are written; delivering them is the fairness workload's, not this one's.
const webhooks = { deliver: false, allowHttp: true, allowPrivate: true };
const tokenOf = (/** @type {number} */ i, /** @type {string} */ kind) =>
  `bench-insp-${kind}-${String(i).padStart(2, "0")}-`.padEnd(24, "0");

/**
 * 16 accounts, each with a read and a write token, an inspector, one type and
 * `equipment` + 1 equipment of one monthly schedule (warned 5 days ahead), expired a
 * month ago; the last equipment of each account is the conformance kit's, never loaded.
 *
 * @param {number} equipment - loaded equipment per account
 */
export function inspectionsDataset(equipment, now = Date.now()) {
  const indexes = Array.from({ length: accountCount }, (_, i) => i);
  return {
    accounts: indexes.map((i) => ({ id: `acc_bench_${i}`, name: `Bench ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: tokenOf(i, "read"), account_id: `acc_bench_${i}` },
      { token: tokenOf(i, "write"), account_id: `acc_bench_${i}`, permissions: ["read", "write"] },
    ]),
    users: indexes.map((i) => ({ id: `u_bench_${i}`, account_id: `acc_bench_${i}`, name: `Inspector ${i}` })),
    equipmentTypes: indexes.map((i) => ({
      id: `et_bench_${i}`,
      account_id: `acc_bench_${i}`,
      name: "Harness",
      metafields: [],
    })),
    equipments: indexes.flatMap((i) =>
      Array.from({ length: equipment + 1 }, (_, n) =>
        plainEquipment(`eq_bench_${i}_${n}`, `et_bench_${i}`, n + 1, {
          serialNumber: `SN-${i}-${n}`,
          metavalues: {},
          schedules: [
            {
              schedule_id: "sch_monthly",
              lastCompletedOn: now - 60 * day,
              expiringOn: now - 35 * day,
              expiresOn: now - 30 * day,
              interval: "P1M",
              warning: "P5D",
            },
          ],
        }),
      ),
    ),
  };
}

/** Runs the load generator once, pinned to `cpus`, and answers its autocannon-shaped result. */
function inspectionLoad(/** @type {any} */ options, /** @type {string | undefined} */ cpus) {
  const script = fileURLToPath(new URL("../children/inspectionLoad.mjs", import.meta.url));
  return runPinnedChild(script, options, cpus, "the inspection load");
}

/**
 * The conformance kit's checks of inspections.record on one server of the dataset
 * (`inspectionsDataset`), its kit equipment recorded once.
 *
 * @param {string} url - the server
 * @param {number} equipment - loaded equipment per account: the kit's is the next one
 */
export async function checkRecording(url, equipment) {
  const report = await runConformance({
    baseUrl: url,
    token: tokenOf(0, "read"),
    writeToken: tokenOf(0, "write"),
    other: { token: tokenOf(1, "read"), ids: {} },
    methods: ["inspections.record"],
    recordInspection: {
      equipment_id: `eq_bench_0_${equipment}`,
      schedule_id: "sch_monthly",
      inspector_id: "u_bench_0",
    },
    insecure: true,
    timeoutMs: 10_000,
  });
  const first = report.results.find((/** @type {any} */ r) => r.status === "failed");
  return {
    passed: report.passed,
    failed: report.failed,
    skipped: report.skipped,
    ...(first ? { firstFailure: `${first.name}: ${first.message ?? "failed"}`.slice(0, 300) } : {}),
  };
}

/**
 * Workload: `inspections.record` (issue 38, goal 2). wsafe on PGlite and on PostgreSQL
 * beside the raw-SQL peer on the same store kind (children/inspectionsRecordPeer.mjs),
 * each passing the conformance kit's checks of the method first (a peer that fails is a
 * floor, printed as one). Then, with 1 and with 16 clients on 16 accounts, rounds taking
 * turns, every server pinned to its CPU and the load generator to another (the steady
 * method): req/s and the server process's CPU µs per request from `/proc/<pid>/stat`
 * (PostgreSQL's own processes are the shared service's: neither pinned nor counted, alike
 * for both), the load average beside each round. Each request is a new inspection with
 * a fresh idempotency key that turns its schedule's status over and moves its dates: a
 * new version, so three events (`equipment.updated`, then the two status changes) and two
 * webhook outbox rows (one endpoint per account, naming no type: the status changes
 * only), every time.
 *
 * @param {{ equipment: number, clients: number[], seconds: number, rounds: number, warmupSeconds: number, postgresUrl?: string }} size
 */
export async function runInspectionsRecord({
  equipment,
  clients,
  seconds,
  rounds,
  warmupSeconds,
  postgresUrl,
}) {
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  const dataset = inspectionsDataset(equipment);
  /** @type {import("../lib/childServer.mjs").ChildServer[]} */
  const servers = [];
  const dirs = [
    mkdtempSync(join(tmpdir(), "wsafe-bench-insp-")),
    mkdtempSync(join(tmpdir(), "wsafe-bench-insp-peer-")),
  ];
  /** @type {Awaited<ReturnType<typeof createPostgresDatabase>> | undefined} */
  let db;
  const start = async (/** @type {string} */ name, /** @type {object} */ options) => {
    const server = await startChildServer(name, { tlsDir: tls.path, rateLimit, webhooks, ...options });
    servers.push(server);
    return server;
  };
  try {
    for (const dir of dirs) {
      const store = await openStore(dir);
      await importDataset(store, dataset);
      await store.close();
    }
    progress(
      `inspections: ${accountCount} accounts × ${equipment} equipment imported into PGlite (twice: wsafe's and the peer's)`,
    );
    /** @type {Record<string, import("../lib/childServer.mjs").ChildServer>} */
    const targets = {};
    targets.wsafePglite = await start("wsafeServer.mjs", { database: dirs[0] });
    targets.peerPglite = await start("inspectionsRecordPeer.mjs", { database: dirs[1] });
    if (postgresUrl) {
      db = await createPostgresDatabase("bench_inspections", postgresUrl);
      const store = await openStore(db.database);
      await importDataset(store, dataset);
      await store.close();
      const client = new pg.Client({ connectionString: db.database });
      await client.connect();
      await client.query("ANALYZE");
      await client.end();
      targets.wsafePostgres = await start("wsafeServer.mjs", { database: db.database });
      targets.peerPostgres = await start("inspectionsRecordPeer.mjs", {
        database: db.database,
        readsFrom: targets.wsafePostgres.url,
      });
    }
    // One endpoint per account, on each store (the PostgreSQL one is shared).
    for (const name of ["wsafePglite", "peerPglite", "wsafePostgres"].filter((n) => targets[n])) {
      for (let i = 0; i < accountCount; i++) {
        const made = await timedPost(
          `${targets[name].url}/v1/webhooks.create`,
          { token: tokenOf(i, "write"), url: `http://127.0.0.1:9/bench-${i}` },
          { keepBody: true },
        );
        if (!String(made.body).startsWith('{"ok":true'))
          throw new Error(`webhooks.create on ${name} failed: ${String(made.body).slice(0, 200)}`);
      }
    }
    /** @type {Record<string, any>} */
    const checked = {};
    for (const [name, server] of Object.entries(targets)) {
      checked[name] = await checkRecording(server.url, equipment);
      const { passed, failed, firstFailure } = checked[name];
      const peer = name.startsWith("peer");
      checked[name].kind = failed === 0 && passed > 0 ? "checked" : peer ? "floor" : "failing";
      const line = `inspections: ${name}: ${failed === 0 ? `passes ${passed} checks of inspections.record` : `${peer ? "a FLOOR: " : "FAILS: "}fails ${failed} of ${passed + failed} checks (first: ${firstFailure})`}`;
      if (failed === 0) progress(line);
      else loud(line);
    }
    closeIdleSockets();

    const plan = pinningPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable() });
    if (plan.pinned) for (const server of Object.values(targets)) pinProcess(server.pid, plan.serverCpus);
    else loud(`inspections: NOT PINNED (${plan.why})`);
    const cpus = plan.pinned ? plan.loadCpus : undefined;
    const ticksPerSecond = clockTicksPerSecond();
    const accounts = Array.from({ length: accountCount }, (_, i) => ({
      token: tokenOf(i, "write"),
      schedule_id: "sch_monthly",
      inspector_id: `u_bench_${i}`,
      equipment: Array.from({ length: equipment }, (_, n) => `eq_bench_${i}_${n}`),
    }));
    /** @type {Record<string, Record<string, any>>} */
    const byClients = {};
    for (const connections of clients) {
      /** @type {Record<string, any[]>} */
      const roundsOf = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
      for (const [name, server] of warmupSeconds > 0 ? Object.entries(targets) : []) {
        progress(`inspections, ${connections} client(s): warming up ${name} for ${warmupSeconds} s`);
        await inspectionLoad(
          { url: `${server.url}/v1/inspections.record`, connections, seconds: warmupSeconds, accounts },
          cpus,
        );
      }
      for (let round = 1; round <= rounds; round++) {
        for (const [name, server] of Object.entries(targets)) {
          const beforeTicks = readCpuTicks(server.pid);
          const result = await inspectionLoad(
            { url: `${server.url}/v1/inspections.record`, connections, seconds, accounts },
            cpus,
          );
          const afterTicks = readCpuTicks(server.pid);
          result.cpuMicrosPerRequest = cpuMicrosPerRequest({
            beforeTicks,
            afterTicks,
            requests: result.requests.total,
            ticksPerSecond,
          });
          result.loadAverage = os.loadavg()[0];
          roundsOf[name].push(result);
          if (result.notOk > 0)
            loud(
              `inspections: ${name} answered ${result.notOk} requests with a failure: ${result.firstNotOk}`,
            );
          progress(
            `inspections, ${connections} client(s): round ${round}/${rounds} ${name.padEnd(14)} ${result.requests.average.toFixed(0).padStart(5)} req/s, ${result.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs CPU/req, p50 ${result.latency.p50.toFixed(2)} ms, p99 ${result.latency.p99.toFixed(2)} ms, load ${result.loadAverage.toFixed(2)}`,
          );
        }
      }
      byClients[connections] = Object.fromEntries(
        Object.entries(roundsOf).map(([name, list]) => [
          name,
          {
            ...summariseRounds(list),
            notOk: list.reduce((sum, r) => sum + r.notOk, 0),
            loadAverages: list.map((r) => r.loadAverage),
          },
        ]),
      );
      for (const store of ["Pglite", "Postgres"]) {
        const wsafe = byClients[connections][`wsafe${store}`];
        const peer = byClients[connections][`peer${store}`];
        if (!wsafe || !peer) continue;
        const speed = wsafe.requestsPerSecond / peer.requestsPerSecond;
        const cpu = peer.cpuMicrosPerRequest / wsafe.cpuMicrosPerRequest;
        const floor =
          checked[`peer${store}`].kind !== "checked" ? " (the peer is a FLOOR: it fails the kit)" : "";
        (speed >= 0.8 && cpu >= 0.8 ? progress : loud)(
          `inspections, ${connections} client(s), ${store}: wsafe ${wsafe.requestsPerSecond.toFixed(0)} req/s against the peer's ${peer.requestsPerSecond.toFixed(0)}: ${speed.toFixed(2)}x; CPU ${wsafe.cpuMicrosPerRequest.toFixed(0)} µs/req against ${peer.cpuMicrosPerRequest.toFixed(0)}: ${cpu.toFixed(2)}x (goal: both 0.8x or better)${floor}`,
        );
      }
    }
    return {
      accounts: accountCount,
      equipmentPerAccount: equipment,
      seconds,
      rounds,
      method: { pinned: plan.pinned, serverCpus: plan.serverCpus, loadCpus: plan.loadCpus, ticksPerSecond },
      checked,
      byClients,
    };
  } finally {
    closeIdleSockets();
    for (const server of servers) await server.close();
    await db?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await tls.remove();
  }
}
