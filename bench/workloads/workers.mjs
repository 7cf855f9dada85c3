import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { methodUrlPath } from "@wsafe/schema";
import { demoTokens } from "@wsafe/server";
import { createPostgresDatabase, startServerProcess } from "@wsafe/test-support";
import { autocannon } from "../lib/autocannon.mjs";
import { pinProcess, tasksetAvailable, workersPlan } from "../lib/cpuPinning.mjs";
import { loud, progress } from "../lib/log.mjs";
import { median } from "../lib/percentiles.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";

// The demo dataset's read token, from the server that imports the demo data.
const demoReadToken = demoTokens.read;
const path = methodUrlPath("users.info");
const body = JSON.stringify({ token: demoReadToken, user: "u_ada" });

/**
 * Starts `wsafe serve --workers N` as operators run it (the command line: workers are
 * a feature of it, not of `startServer`), through the shared launcher of
 * `@wsafe/test-support`, and waits for its one readiness line.
 *
 * @param {string} database - PostgreSQL URL
 * @param {number} workers
 * @param {string} cwd - where its self-signed certificate goes
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess, stop(): Promise<unknown> }>}
 */
function serveWorkers(database, workers, cwd) {
  const { bin } = serverLocation();
  const args = [bin, "serve", "--port", "0", "--database", database, "--workers", String(workers)];
  // A limit no run can reach: the limiter still counts, but never answers instead.
  args.push("--rate-limit", "1000000000/1s", "--demo");
  return startServerProcess(args, { cwd, name: `wsafe serve --workers ${workers}` });
}

/**
 * Workload 6: `wsafe serve --workers 2` beside `--workers 1` on PostgreSQL, both on the
 * same fresh database with the demo data: `users.info` (a small answer, so the server's
 * own work, TLS included, is what is measured) over HTTPS with keep-alive, the two
 * servers taking turns round after round. Measured only where the load generator has a
 * core of its own beside the two workers' (3 CPUs or more: `workersPlan`), with the
 * servers pinned to theirs and autocannon to its own; on fewer it says why the figure
 * would mean nothing and returns `{ skipped }`.
 *
 * @param {{ postgresUrl: string, connections: number, seconds: number, rounds: number, warmupSeconds: number }} size
 */
export async function runWorkers({ postgresUrl, connections, seconds, rounds, warmupSeconds }) {
  const plan = workersPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable(), workers: 2 });
  if (!plan.measure) {
    loud(`workers: not measured: ${plan.why}`);
    return { skipped: /** @type {string} */ (plan.why) };
  }
  if (plan.why) loud(`workers: ${plan.why}`);
  const cpus = plan.pinned ? plan.loadCpus : undefined;
  const db = await createPostgresDatabase("bench_workers", postgresUrl);
  const cwd = mkdtempSync(join(tmpdir(), "wsafe-bench-workers-"));
  /** @type {Record<string, Awaited<ReturnType<typeof serveWorkers>>>} */
  const servers = {};
  try {
    for (const workers of [1, 2]) {
      progress(`workers: starting wsafe serve --workers ${workers} on PostgreSQL (${db.name})`);
      servers[workers] = await serveWorkers(db.database, workers, cwd);
      // The primary and its cluster workers, which it forked before this.
      if (plan.pinned) pinProcess(/** @type {number} */ (servers[workers].child.pid), plan.serverCpus);
      const check = await timedPost(`${servers[workers].url}${path}`, JSON.parse(body), { keepBody: true });
      if (!String(check.body).startsWith('{"ok":true')) throw new Error(`users.info failed: ${check.body}`);
    }
    closeIdleSockets();
    /** @type {Record<string, number[]>} */
    const rates = { 1: [], 2: [] };
    for (const [workers, server] of Object.entries(servers)) {
      progress(`workers: warming up --workers ${workers} for ${warmupSeconds} s`);
      await autocannon({ url: `${server.url}${path}`, body, connections, seconds: warmupSeconds, cpus });
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [workers, server] of Object.entries(servers)) {
        const result = await autocannon({ url: `${server.url}${path}`, body, connections, seconds, cpus });
        if (result.errors + result.timeouts + result.non2xx > 0)
          throw new Error(`--workers ${workers}: ${result.errors} errors, ${result.non2xx} non-2xx`);
        rates[workers].push(result.requests.average);
        progress(
          `workers: round ${round}/${rounds} --workers ${workers} ${result.requests.average.toFixed(0).padStart(6)} req/s`,
        );
      }
    }
    const one = median(rates[1]);
    const two = median(rates[2]);
    return {
      connections,
      seconds,
      rounds,
      pinned: plan.pinned,
      serverCpus: plan.serverCpus,
      loadCpus: plan.loadCpus,
      oneWorker: one,
      twoWorkers: two,
      ratio: two / one,
      rates,
    };
  } finally {
    closeIdleSockets();
    for (const server of Object.values(servers)) await server.stop();
    await db.drop();
    rmSync(cwd, { recursive: true, force: true });
  }
}
