import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresDatabase,
  eventually,
  type PostgresScratchDatabase,
  parseExposition,
  runWsafe,
  type ServerProcess,
  serveCli,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logPids } from "../src/logPids.js";

const databaseUrl = process.env.WSAFE_TEST_DATABASE_URL;
if (!databaseUrl)
  console.warn("\n!!! WSAFE_TEST_DATABASE_URL is not set: the --workers tests on PostgreSQL are SKIPPED.\n");

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!databaseUrl)("wsafe serve --workers 2 on PostgreSQL", () => {
  let db: PostgresScratchDatabase;
  let directory: string;
  let server: ServerProcess;
  let metricsUrl: string;
  let token: string;
  let workers: number[];

  /** users.info over a connection of its own, so that the primary hands it to a worker afresh. */
  function call(): Promise<string> {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ token, user: "u_ada" });
      const outgoing = request(`${server.url}/v1/users.info`, { method: "POST", agent: false }, (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => {
          text += chunk;
        });
        answer.on("end", () => resolve((JSON.parse(text) as { error?: string }).error ?? "ok"));
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }
  const scrape = async () => parseExposition(await (await fetch(metricsUrl)).text());

  beforeAll(async () => {
    db = await createPostgresDatabase("operate", databaseUrl);
    directory = await mkdtemp(join(tmpdir(), "wsafe-workers-"));
    server = await serveCli(
      ["--port", "0", "--http", "--demo", "--workers", "2", "--metrics-port", "0", "--database", db.database],
      { cwd: directory },
    );
    metricsUrl = /metrics on (http:\/\/\S+)/.exec(server.output())![1]!;
    token = /demo token \(read\): (\S+)/.exec(server.output())![1]!;
    // The readiness line comes once every worker listens; each worker's own log line of
    // it is written by that worker, and may reach the shared output a moment later.
    await eventually(
      () => logPids(server.output(), "Server listening at").length === 2,
      "both workers logged that they listen",
    );
    workers = logPids(server.output(), "Server listening at");
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    for (const pid of workers ?? []) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    await rm(directory, { recursive: true, force: true });
    await db?.drop();
  });

  it("prints one readiness line once both workers listen", () => {
    expect(server.output().match(/listening on /g)).toHaveLength(1);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.child.pid);
  });

  it("spreads connections over both workers and sums their metrics", async () => {
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await call());
    expect(outcomes).toEqual(Array(10).fill("ok"));
    expect(logPids(server.output(), "request").sort()).toEqual([...workers].sort());
    const samples = await scrape();
    expect(samples.get('wsafe_requests_total{method="users.info",outcome="ok"}')).toBe(10);
    expect(samples.get('wsafe_request_duration_seconds_count{method="users.info"}')).toBe(10);
    expect(samples.get("wsafe_workers")).toBe(2);
    // Each worker has its own pool of 10 connections.
    expect(samples.get("wsafe_store_pool_max")).toBe(20);
  });

  it("starts another worker in place of one killed with SIGKILL, and keeps answering", async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, "SIGKILL");
    await eventually(
      () => server.output().includes(`worker ${victim} exited (signal SIGKILL); starting another in`),
      "the primary notices the crash",
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    // The primary hands new connections only to workers that run.
    for (let i = 0; i < 4; i++) expect(await call()).toBe("ok");
    await eventually(
      () => logPids(server.output(), "Server listening at").length === 3,
      "the new worker listens",
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    const replacement = logPids(server.output(), "Server listening at")[2]!;
    workers = [survivor, replacement];
    const samples = await scrape();
    expect(samples.get("wsafe_worker_restarts_total")).toBe(1);
    expect(samples.get("wsafe_workers")).toBe(2);
    expect(isAlive(victim)).toBe(false);
    expect(server.output().match(/listening on /g)).toHaveLength(1);
  });

  it("stops every worker gracefully on SIGTERM and exits 0", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain("SIGTERM: stopping 2 workers");
    for (const pid of workers) expect(isAlive(pid), `worker ${pid} still runs`).toBe(false);
  });
});

describe("wsafe serve --workers 2 on the embedded store", () => {
  it("refuses with a message naming PostgreSQL, and exits 1", async () => {
    const directory = await mkdtemp(join(tmpdir(), "wsafe-workers-pglite-"));
    try {
      const { code, output } = await runWsafe(
        ["serve", "--port", "0", "--workers", "2", "--database", join(directory, "data")],
        { cwd: directory },
      );
      expect(code).toBe(1);
      expect(output).toContain(
        "wsafe: --workers 2 needs PostgreSQL (--database postgres://...): the embedded store (PGlite) belongs to one process.",
      );
      expect(output).not.toContain("listening on");
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
