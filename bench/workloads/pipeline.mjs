import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { methodUrlPath } from "@wsafe/schema";
import { demoTokens } from "@wsafe/server";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { startChildServer } from "../lib/childServer.mjs";
import { pinningPlan, tasksetAvailable } from "../lib/cpuPinning.mjs";
import { runLoadRounds } from "../lib/loadRounds.mjs";
import { loud, progress } from "../lib/log.mjs";
import { clockTicksPerSecond } from "../lib/procCpu.mjs";
import { summariseRounds as summarise } from "../lib/summariseRounds.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";
import { checkServers, expectSameAnswerBytes, startInstalledWsafe, startPeers } from "./pipelineTargets.mjs";

// The demo dataset's read tokens of two accounts (the second for the kit's isolation checks).
const tokens = { read: demoTokens.read, other: demoTokens.otherAccount };
const demoReadToken = tokens.read;
const path = methodUrlPath("resources.list");
// A limit no run can reach: the limiter still counts, but never answers instead.
const rateLimit = { points: 1_000_000_000, durationSeconds: 1 };

/**
 * Workload 1: `resources.list` on the demo account over HTTPS with keep-alive, beside
 * the stacks a team could pick instead, every one answering the same bytes over the
 * same TLS, each in its own process: the contract written on Hono (the documented way,
 * and for speed), stock tRPC 11 on Fastify, Hono with a token check, a bare Fastify
 * route (over HTTPS and plain HTTP), and Node's own `https` twice: the contract's floor
 * (wsafe's very headers and bytes after the token's digest, checked byte for byte) and
 * the old floor (a token in a `Map`). Before
 * any is timed, the conformance kit's checks of resources.list say which did the
 * contract's work and which are floors; a contract peer that fails is not timed.
 *
 * The steady method: every server pinned to one CPU and autocannon, in its own process,
 * to another (`taskset`), rounds taking turns, medians; per server req/s and its CPU µs
 * per request from `/proc/<pid>/stat`. Without `taskset` or on one CPU it says so
 * loudly and runs unpinned. `unpinnedRounds` adds rounds left to the scheduler, a
 * secondary table. With `installed`, wsafe is also measured as a consumer installs it;
 * with a PostgreSQL URL, also on a fresh PostgreSQL database with the same demo data.
 * `only` times those servers alone (by their keys in `pipelineServers`; all are still
 * started and checked), for long runs of rounds.
 *
 * @param {{ connections: number, seconds: number, rounds: number, warmupSeconds: number, unpinnedRounds?: number, cpuProfileDir?: string, postgresUrl?: string, installed?: boolean, only?: string[] }} size
 */
export async function runPipeline({
  connections,
  seconds,
  rounds,
  warmupSeconds,
  unpinnedRounds = 0,
  cpuProfileDir,
  postgresUrl,
  installed = false,
  only,
}) {
  // One certificate for every server measured: the same handshake and cipher on all sides.
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  const servers = [];
  /** @type {Awaited<ReturnType<typeof createPostgresDatabase>> | undefined} */
  let db;
  /** @type {(() => void) | undefined} */
  let removeInstalled;
  /** @type {typeof startChildServer} */
  const start = async (name, options, settings) => {
    const server = await startChildServer(name, options, settings);
    servers.push(server);
    return server;
  };
  try {
    progress("pipeline: starting wsafe (memory store, demo data, limiter set out of reach)");
    const wsafeOptions = { database: "memory://", demo: true, tlsDir: tls.path, rateLimit };
    const wsafe = await start("wsafeServer.mjs", wsafeOptions);
    const sample = await timedPost(`${wsafe.url}${path}`, { token: demoReadToken }, { keepBody: true });
    const parsed = JSON.parse(String(sample.body));
    if (parsed.ok !== true) throw new Error(`resources.list failed: ${String(sample.body).slice(0, 300)}`);
    const bodyPath = join(tls.path, "resources.list.json");
    writeFileSync(bodyPath, /** @type {Buffer} */ (sample.body));
    progress(
      `pipeline: resources.list answers ${sample.bytes} bytes (${parsed.resources?.length} resources)`,
    );

    const token = demoReadToken;
    const bareHttps = await start("bareFastify.mjs", { tlsDir: tls.path, bodyPath, path, token });
    const bareHttp = await start("bareFastify.mjs", { tls: null, bodyPath, path, token });
    const peers = await startPeers(start, {
      tlsDir: tls.path,
      bodyPath,
      path,
      tokens,
      resourceCount: parsed.resources.length,
      rateLimit,
    });
    await expectSameAnswerBytes(wsafe.url, peers.contractFloor.url, path, JSON.stringify({ token }));
    /** @type {Record<string, import("../lib/childServer.mjs").ChildServer>} */
    const targets = { wsafe, ...peers, bareHttps, bareHttp };
    if (installed) {
      const wsafeInstalled = await startInstalledWsafe(start, wsafeOptions);
      removeInstalled = wsafeInstalled.remove;
      const check = await timedPost(
        `${wsafeInstalled.server.url}${path}`,
        { token: demoReadToken },
        { keepBody: true },
      );
      if (check.bytes !== sample.bytes) {
        throw new Error(`the installed wsafe answers differently: ${String(check.body).slice(0, 200)}`);
      }
      targets.wsafeInstalled = wsafeInstalled.server;
    }
    if (postgresUrl) {
      db = await createPostgresDatabase("bench_pipeline", postgresUrl);
      progress(`pipeline: starting wsafe on PostgreSQL (${db.name}, demo data)`);
      const wsafePostgres = await start("wsafeServer.mjs", { ...wsafeOptions, database: db.database });
      const check = await timedPost(
        `${wsafePostgres.url}${path}`,
        { token: demoReadToken },
        { keepBody: true },
      );
      // The demo data's dates follow the clock, so the bytes differ slightly; the records must not.
      const resources = JSON.parse(String(check.body)).resources;
      if (resources?.length !== parsed.resources.length || Math.abs(check.bytes - sample.bytes) > 64) {
        throw new Error(
          `wsafe on PostgreSQL answers resources.list differently: ${String(check.body).slice(0, 200)}`,
        );
      }
      targets.wsafePostgres = wsafePostgres;
    }
    closeIdleSockets();

    const checked = await checkServers(targets, tokens);
    const timed = Object.fromEntries(
      Object.entries(targets).filter(([name]) => checked[name].timed && (!only || only.includes(name))),
    );
    const plan = pinningPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable() });
    if (plan.pinned) {
      progress(
        `pipeline: steady method: servers on CPU ${plan.serverCpus}, autocannon on CPU ${plan.loadCpus}`,
      );
    } else {
      loud(`pipeline: NOT PINNED (${plan.why}): every figure below is unpinned, and rounds move ±30 %`);
    }
    const body = JSON.stringify({ token: demoReadToken });
    const load = { targets: timed, path, body, connections, seconds, plan };
    const results = await runLoadRounds({
      ...load,
      label: plan.pinned ? "pipeline, pinned" : "pipeline, unpinned",
      rounds,
      warmupSeconds,
      pinned: true,
      around: async (name, round, work) => {
        if (!cpuProfileDir || !(name.startsWith("wsafe") || name === "contractFloor")) return work();
        const server = targets[name];
        await server.ask({ type: "profile-start" }, "profile-started");
        const result = await work();
        mkdirSync(cpuProfileDir, { recursive: true });
        const file = join(cpuProfileDir, `pipeline-${name}-round${round}.cpuprofile`);
        await server.ask({ type: "profile-stop", file }, "profile-stopped");
        progress(
          `pipeline: CPU profile of ${name} under load: ${file} (node bench/profile-summary.mjs ${file})`,
        );
        return result;
      },
    });
    const unpinned =
      plan.pinned && unpinnedRounds > 0
        ? await runLoadRounds({
            ...load,
            label: "pipeline, unpinned",
            rounds: unpinnedRounds,
            warmupSeconds: 0,
            pinned: false,
          })
        : undefined;
    // The limiter must not have answered in the servers' place during the load.
    for (const server of [wsafe, targets.wsafePostgres, targets.wsafeInstalled].filter(Boolean)) {
      const after = await timedPost(`${server.url}${path}`, { token: demoReadToken }, { keepBody: true });
      if (!String(after.body).startsWith('{"ok":true')) {
        throw new Error(`wsafe stopped answering ok under load: ${String(after.body).slice(0, 200)}`);
      }
    }
    closeIdleSockets();
    const summaryOf = (/** @type {Record<string, any[]>} */ byTarget) =>
      Object.fromEntries(Object.entries(byTarget).map(([name, list]) => [name, summarise(list)]));
    return {
      connections,
      seconds,
      rounds,
      responseBytes: sample.bytes,
      method: {
        pinned: plan.pinned,
        serverCpus: plan.serverCpus,
        loadCpus: plan.loadCpus,
        ...(plan.why ? { why: plan.why } : {}),
        ticksPerSecond: clockTicksPerSecond(),
      },
      checked,
      ...summaryOf(results),
      ...(unpinned ? { unpinned: { rounds: unpinnedRounds, ...summaryOf(unpinned) } } : {}),
    };
  } finally {
    closeIdleSockets();
    for (const server of servers) await server.close();
    await db?.drop();
    removeInstalled?.();
    await tls.remove();
  }
}
