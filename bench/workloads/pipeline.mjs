import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methodUrlPath } from "@wsafe/schema";
import { demoTokens } from "@wsafe/server";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { autocannon } from "../lib/autocannon.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { progress } from "../lib/log.mjs";
import { summariseRounds as summarise } from "../lib/summariseRounds.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";
import { startInstalledWsafe, startPeers } from "./pipelineTargets.mjs";

// The demo dataset's read token, from the server that imports the demo data.
const demoReadToken = demoTokens.read;
const path = methodUrlPath("resources.list");

/**
 * Workload 1: `resources.list` on the demo account over HTTPS with keep-alive, beside a
 * bare Fastify route answering the same bytes over the same TLS, and over plain HTTP.
 * The three servers run in their own processes; autocannon loads them from a fourth,
 * one at a time, taking turns round after round.
 *
 * Beside them, the peers a team could pick instead (stock tRPC 11 on Fastify, Hono), each
 * with the same token check, and the tRPC floor (Node's `https` server and one stock tRPC
 * call), which shows how near Hono any server with tRPC in its path can get. With `installed`, wsafe is also measured as a consumer
 * installs it (the packed package, outside the workspace). With a PostgreSQL URL, wsafe
 * is also measured on a fresh PostgreSQL database holding the same demo data.
 *
 * @param {{ connections: number, seconds: number, rounds: number, warmupSeconds: number, cpuProfileDir?: string, postgresUrl?: string, installed?: boolean }} size
 */
export async function runPipeline({
  connections,
  seconds,
  rounds,
  warmupSeconds,
  cpuProfileDir,
  postgresUrl,
  installed = false,
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
    const wsafeOptions = {
      database: "memory://",
      demo: true,
      tlsDir: tls.path,
      // A limit no run can reach: the limiter still counts, but never answers instead.
      rateLimit: { points: 1_000_000_000, durationSeconds: 1 },
    };
    const wsafe = await start("wsafeServer.mjs", wsafeOptions);
    const sample = await timedPost(`${wsafe.url}${path}`, { token: demoReadToken }, { keepBody: true });
    const parsed = JSON.parse(String(sample.body));
    if (parsed.ok !== true) throw new Error(`resources.list failed: ${String(sample.body).slice(0, 300)}`);
    const bodyPath = join(tls.path, "resources.list.json");
    writeFileSync(bodyPath, /** @type {Buffer} */ (sample.body));
    progress(
      `pipeline: resources.list answers ${sample.bytes} bytes (${parsed.resources?.length} resources)`,
    );

    const bareHttps = await start("bareFastify.mjs", { tlsDir: tls.path, bodyPath, path });
    const bareHttp = await start("bareFastify.mjs", { tls: null, bodyPath, path });
    const peers = await startPeers(start, {
      tlsDir: tls.path,
      bodyPath,
      path,
      token: demoReadToken,
      resourceCount: parsed.resources.length,
    });
    /** @type {Record<string, import("../lib/childServer.mjs").ChildServer>} */
    const targets = { bareHttp, bareHttps, wsafe, ...peers };
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

    const body = JSON.stringify({ token: demoReadToken });
    /** @type {Record<string, any[]>} */
    const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (const [name, server] of Object.entries(targets)) {
      progress(`pipeline: warming up ${name} for ${warmupSeconds} s`);
      await autocannon({ url: `${server.url}${path}`, body, connections, seconds: warmupSeconds });
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, server] of Object.entries(targets)) {
        const profiling = cpuProfileDir && name.startsWith("wsafe");
        if (profiling) await server.ask({ type: "profile-start" }, "profile-started");
        const result = await autocannon({ url: `${server.url}${path}`, body, connections, seconds });
        if (profiling) {
          mkdirSync(cpuProfileDir, { recursive: true });
          const file = join(cpuProfileDir, `pipeline-${name}-round${round}.cpuprofile`);
          await server.ask({ type: "profile-stop", file }, "profile-stopped");
          progress(
            `pipeline: CPU profile of wsafe under load: ${file} (node bench/profile-summary.mjs ${file})`,
          );
        }
        results[name].push(result);
        progress(
          `pipeline: round ${round}/${rounds} ${name.padEnd(13)} ${result.requests.average.toFixed(0).padStart(6)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        );
      }
    }
    // The limiter must not have answered in the servers' place during the load.
    for (const server of [wsafe, targets.wsafePostgres, targets.wsafeInstalled].filter(Boolean)) {
      const after = await timedPost(`${server.url}${path}`, { token: demoReadToken }, { keepBody: true });
      if (!String(after.body).startsWith('{"ok":true')) {
        throw new Error(`wsafe stopped answering ok under load: ${String(after.body).slice(0, 200)}`);
      }
    }
    closeIdleSockets();
    const summary = Object.fromEntries(
      Object.entries(results).map(([name, list]) => [name, summarise(list)]),
    );
    return {
      connections,
      seconds,
      rounds,
      responseBytes: sample.bytes,
      ...summary,
      ratioHttps: summary.wsafe.requestsPerSecond / summary.bareHttps.requestsPerSecond,
      ratioHttp: summary.wsafe.requestsPerSecond / summary.bareHttp.requestsPerSecond,
      ratioPostgresHttps: summary.wsafePostgres
        ? summary.wsafePostgres.requestsPerSecond / summary.bareHttps.requestsPerSecond
        : null,
      ratioInstalledHttps: summary.wsafeInstalled
        ? summary.wsafeInstalled.requestsPerSecond / summary.bareHttps.requestsPerSecond
        : null,
      ratioTrpc: summary.wsafe.requestsPerSecond / summary.trpc.requestsPerSecond,
      ratioHono: summary.wsafe.requestsPerSecond / summary.hono.requestsPerSecond,
    };
  } finally {
    closeIdleSockets();
    for (const server of servers) await server.close();
    await db?.drop();
    removeInstalled?.();
    await tls.remove();
  }
}
