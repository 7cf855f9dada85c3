import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { createClient, isWsafeApiError } from "@wsafe/client";
import type { Resource } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { eventually, fixtureAccount } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeploymentFixture, type DeploymentFixture } from "../src/deploymentFixture.js";
import { readBackendRetries, readProxiedServers } from "../src/haproxyStats.js";
import { proxyClient } from "../src/proxyClient.js";
import { readEventStream } from "../src/readEventStream.js";
import { missingServices } from "../src/services.js";
import { startLoad } from "../src/startLoad.js";
import { startTopology, type Topology, type WsafeServer } from "../src/startTopology.js";
import { streamDataset } from "../src/streamDataset.js";

/** Every server's per-token limit: LIMIT requests per WINDOW_SECONDS. */
const LIMIT = 100;
const WINDOW_SECONDS = 60;

const missing = missingServices();

describe.skipIf(missing.length > 0)("the reference deployment of deploy/, on 127.0.0.1", () => {
  let topology: Topology;
  let fixture: DeploymentFixture;
  let retries = 0;
  let proxied: ReturnType<typeof proxyClient>;
  const state = async (server: WsafeServer) =>
    (await readProxiedServers(topology.statsUrl)).find((candidate) => candidate.name === server.name)!;

  beforeAll(async () => {
    const startedAt = performance.now();
    fixture = createDeploymentFixture(Date.now());
    topology = await startTopology({
      rateLimit: `${LIMIT}/${WINDOW_SECONDS}s`,
      // Migrated and filled through PgBouncer, as an operator's `wsafe import` would.
      async seed(pooledUrl) {
        const store = await openStore(pooledUrl);
        try {
          await importDataset(store, fixture.dataset);
        } finally {
          await store.close();
        }
      },
    });
    // The client's default retries: what a team calling the service gets.
    proxied = proxyClient(topology.proxyUrl, topology.certificate, {
      token: fixture.loadTokens[0]!,
      onRetry: () => {
        retries++;
      },
    });
    console.log(`deployment: topology up in ${Math.round(performance.now() - startedAt)} ms`);
  });
  afterAll(async () => {
    await proxied?.close();
    await topology?.stop();
  });

  it("answers every call through the proxy correctly, spread over every server", async () => {
    const before = await readProxiedServers(topology.statsUrl);
    const load = startLoad({ client: proxied.client, fixture, lanes: 4, maxCalls: 150, pauseMs: 0 });
    const report = await load.finished;
    const after = await readProxiedServers(topology.statsUrl);
    expect(report).toEqual({ correct: 150, wrong: [], failed: [] });
    for (const [index, server] of after.entries())
      expect(server.answered).toBeGreaterThan(before[index]!.answered);
  });

  it("loses no call when a server is killed mid-load; the proxy takes it out and a restarted one comes back in", async () => {
    const victim = topology.servers[1]!;
    const retriesBefore = retries;
    const proxyBefore = await readBackendRetries(topology.statsUrl);
    const load = startLoad({ client: proxied.client, fixture, lanes: 4, maxCalls: 3_000, pauseMs: 10 });
    try {
      await eventually(() => load.report.correct >= 30, "the load runs");
      expect(await victim.process.stop("SIGKILL")).toBe("SIGKILL");
      await eventually(async () => (await state(victim)).status.startsWith("DOWN"), "the proxy takes it out");
      // Calls go on without it...
      const atDown = load.report.correct;
      await eventually(() => load.report.correct >= atDown + 30, "calls go on");
      // ...and a server started again on its port comes back into rotation and serves.
      await topology.restart(victim);
      await eventually(async () => (await state(victim)).status === "UP", "the proxy takes it back", {
        timeoutMs: 30_000,
      });
      const backAt = (await state(victim)).answered;
      await eventually(async () => (await state(victim)).answered > backAt, "it serves again");
    } finally {
      await load.stop();
    }
    const proxyAfter = await readBackendRetries(topology.statsUrl);
    console.log(
      `deployment: kill -9 under load: ${load.report.correct} calls, ${load.report.failed.length} failed; ` +
        `HAProxy retried ${proxyAfter.retries - proxyBefore.retries} and redispatched ` +
        `${proxyAfter.redispatches - proxyBefore.redispatches}, the client retried ${retries - retriesBefore}`,
    );
    expect(load.report.failed).toEqual([]);
    expect(load.report.wrong).toEqual([]);
  });

  it("loses no call during a rolling restart, one SIGTERM at a time", async () => {
    const retriesBefore = retries;
    const proxyBefore = await readBackendRetries(topology.statsUrl);
    const load = startLoad({ client: proxied.client, fixture, lanes: 4, maxCalls: 3_000, pauseMs: 10 });
    const exits: (number | string)[] = [];
    try {
      await eventually(() => load.report.correct >= 30, "the load runs");
      for (const server of topology.servers) {
        exits.push(await server.process.stop("SIGTERM"));
        await topology.restart(server);
        // The next one goes only once this one is back in rotation.
        await topology.allUp();
      }
      const atEnd = load.report.correct;
      await eventually(() => load.report.correct >= atEnd + 30, "calls go on after the last restart");
    } finally {
      await load.stop();
    }
    const proxyAfter = await readBackendRetries(topology.statsUrl);
    console.log(
      `deployment: rolling restart under load: ${load.report.correct} calls, ${load.report.failed.length} failed; ` +
        `HAProxy retried ${proxyAfter.retries - proxyBefore.retries} and redispatched ` +
        `${proxyAfter.redispatches - proxyBefore.redispatches}, the client retried ${retries - retriesBefore}`,
    );
    expect(exits).toEqual([0, 0, 0]);
    expect(load.report.failed).toEqual([]);
    expect(load.report.wrong).toEqual([]);
  });

  it("shows an import through one server's database to every server within a second", async () => {
    const token = fixture.loadTokens[1]!;
    const direct = topology.servers.map((server) =>
      createClient({ baseUrl: server.url, token, retries: false }),
    );
    const ids = async (client: (typeof direct)[number]) =>
      (await client.resources.list()).resources.map((resource) => resource.id);
    // Each server has the account's list in its read cache: only a notification can empty it.
    for (const client of direct) {
      expect(await ids(client)).toEqual(fixture.expected.resources.map((resource) => resource.id));
      await ids(client);
    }
    // Every server listens on a session of its own straight to PostgreSQL, not through PgBouncer.
    const admin = new pg.Client({ connectionString: topology.database.direct });
    await admin.connect();
    try {
      await eventually(async () => {
        const { rows } = await admin.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'wsafe-changes-listener'",
        );
        return rows[0].n === topology.servers.length;
      }, "each server listens directly");
    } finally {
      await admin.end();
    }

    // The counter-example: a server that LISTENs through PgBouncer, as it would without
    // --listen-database. PgBouncer accepts the LISTEN and delivers nothing.
    const pooledOnly = await topology.startExtraServer("wsafe-pooled-listen", {
      WSAFE_LISTEN_DATABASE: undefined,
    });
    const stale = createClient({ baseUrl: pooledOnly.url, token, retries: false });
    expect(await ids(stale)).toEqual(fixture.expected.resources.map((resource) => resource.id));
    await ids(stale);
    const id = `r_deploy_${randomBytes(4).toString("hex")}`;
    const added: Resource & { account_id: string } = {
      ...fixture.expected.resources[0]!,
      account_id: fixtureAccount,
      id,
      sequence: 999,
    };
    const file = join(topology.directory, `import-${id}.json`);
    await writeFile(file, JSON.stringify({ resources: [added] }));
    // `wsafe import` with the servers' own database URL: through PgBouncer.
    await promisify(execFile)(process.execPath, [
      topology.wsafeBin,
      "import",
      file,
      "--database",
      topology.database.pooled,
    ]);
    const importedAt = performance.now();
    const seenAfterMs = await Promise.all(
      direct.map(async (client) => {
        await eventually(async () => (await ids(client)).includes(id), "every server shows the import", {
          timeoutMs: 35_000,
          intervalMs: 10,
        });
        return Math.round(performance.now() - importedAt);
      }),
    );
    console.log(`deployment: import seen by each server after ${seenAfterMs.join(", ")} ms`);
    for (const ms of seenAfterMs) expect(ms).toBeLessThan(1_000);
    // Its cache still serves the list from before the import (up to 30 s, its bound on age).
    expect(await ids(stale)).not.toContain(id);
    await pooledOnly.process.stop();
    expect(
      (await proxied.client.resources.list({ token })).resources.map((resource) => resource.id),
    ).toContain(id);
  });

  it("streams each event, recorded once, to every server's readers and through the proxy unbuffered", async () => {
    const token = `deploy-stream-${randomBytes(12).toString("hex")}`;
    const at = Date.now() + 8_000;
    const store = await openStore(topology.database.pooled);
    try {
      await importDataset(store, streamDataset(token, at));
    } finally {
      await store.close();
    }
    const readers = [topology.proxyUrl, ...topology.servers.map((server) => server.url)].map((url) =>
      readEventStream(url, topology.certificate, token),
    );
    try {
      await eventually(
        async () => readers.every((reader) => reader.events.length >= 2),
        "every reader's events",
        {
          timeoutMs: at - Date.now() + 10_000,
          intervalMs: 20,
        },
      );
      const [proxy, ...direct] = readers;
      const ids = (reader: (typeof readers)[number]) => reader.events.map((read) => read.id).sort();
      for (const reader of direct) expect(ids(reader)).toEqual(ids(proxy!));
      for (const read of proxy!.events) {
        expect(read.event).toMatchObject({ occurred_at: at, cause: "time", expected: false });
        expect(read.id).toBe(read.event.id);
      }
      // Through HAProxy as soon as recorded: a proxy that buffered would hold them back.
      const lateMs = Math.max(...proxy!.events.map((read) => read.arrivedAt - at));
      console.log(`deployment: events streamed through the proxy ${lateMs} ms after their instant`);
      expect(lateMs).toBeLessThan(1_500);
      // Three servers recorded, each event once.
      const listed = await createClient({
        baseUrl: topology.servers[0]!.url,
        token,
        retries: false,
      }).events.list({
        from: at,
        to: at,
      });
      expect(listed.events.map((event) => event.id).sort()).toEqual(ids(proxy!));
      expect(new Set(listed.events.map((event) => event.sequence)).size).toBe(2);
    } finally {
      for (const reader of readers) await reader.stop();
    }
  });

  it(`holds a per-token limit of ${LIMIT} per ${WINDOW_SECONDS} s exactly, across every server`, async () => {
    const before = await readProxiedServers(topology.statsUrl);
    const limited = proxyClient(topology.proxyUrl, topology.certificate, {
      token: fixture.limitToken,
      retries: false,
    });
    const outcomes: string[] = [];
    try {
      const extra = 30;
      for (let sent = 0; sent < LIMIT + extra; sent += 10) {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            try {
              await limited.client.users.info({ user: fixture.expected.user.id });
              outcomes.push("ok");
            } catch (error) {
              outcomes.push(isWsafeApiError(error) ? error.error : String(error));
            }
          }),
        );
      }
    } finally {
      await limited.close();
    }
    const after = await readProxiedServers(topology.statsUrl);
    const count = (outcome: string) => outcomes.filter((candidate) => candidate === outcome).length;
    expect({
      ok: count("ok"),
      limited: count("rate_limit_exceeded"),
      other: outcomes.length - count("ok") - count("rate_limit_exceeded"),
    }).toEqual({
      ok: LIMIT,
      limited: 30,
      other: 0,
    });
    // The calls were spread: each server counted some of them against the one shared limit.
    for (const [index, server] of after.entries())
      expect(server.answered).toBeGreaterThan(before[index]!.answered);
  });
});
