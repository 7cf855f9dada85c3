import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { methodUrlPath } from "@wsafe/schema";
import { demoTokens } from "@wsafe/server";
import { createPostgresDatabase, startServerProcess } from "@wsafe/test-support";
import { autocannon } from "../lib/autocannon.mjs";
import { progress } from "../lib/log.mjs";
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
 * @returns {Promise<{ url: string, stop(): Promise<unknown> }>}
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
 * servers taking turns round after round. On a machine of C cores, two workers can at
 * best double the rate when C ≥ 3 (the load generator and PostgreSQL need cores too).
 *
 * @param {{ postgresUrl: string, connections: number, seconds: number, rounds: number, warmupSeconds: number }} size
 */
export async function runWorkers({ postgresUrl, connections, seconds, rounds, warmupSeconds }) {
  const db = await createPostgresDatabase("bench_workers", postgresUrl);
  const cwd = mkdtempSync(join(tmpdir(), "wsafe-bench-workers-"));
  /** @type {Record<string, { url: string, stop(): Promise<unknown> }>} */
  const servers = {};
  try {
    for (const workers of [1, 2]) {
      progress(`workers: starting wsafe serve --workers ${workers} on PostgreSQL (${db.name})`);
      servers[workers] = await serveWorkers(db.database, workers, cwd);
      const check = await timedPost(`${servers[workers].url}${path}`, JSON.parse(body), { keepBody: true });
      if (!String(check.body).startsWith('{"ok":true')) throw new Error(`users.info failed: ${check.body}`);
    }
    closeIdleSockets();
    /** @type {Record<string, number[]>} */
    const rates = { 1: [], 2: [] };
    for (const [workers, server] of Object.entries(servers)) {
      progress(`workers: warming up --workers ${workers} for ${warmupSeconds} s`);
      await autocannon({ url: `${server.url}${path}`, body, connections, seconds: warmupSeconds });
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [workers, server] of Object.entries(servers)) {
        const result = await autocannon({ url: `${server.url}${path}`, body, connections, seconds });
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
    return { connections, seconds, rounds, oneWorker: one, twoWorkers: two, ratio: two / one, rates };
  } finally {
    closeIdleSockets();
    for (const server of Object.values(servers)) await server.stop();
    await db.drop();
    rmSync(cwd, { recursive: true, force: true });
  }
}
