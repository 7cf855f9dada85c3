// Upgrades of the reference deployment as the Operate page says, through HAProxy with
// three servers on one PostgreSQL (through PgBouncer), inspections recorded through the
// proxy the whole time by `@wsafe/client` (its own idempotency keys, a few a second):
//
// 1. from the previous release (built from git by `serverAtRelease`, as tests/operate does)
//    to this build, the way the page's table says for what this build brings: one server
//    at a time when every migration the release lacks is marked rolling, else every
//    server stopped first (0009 is marked stop: today's way);
// 2. one server at a time to a newer build whose one more migration is marked rolling:
//    the servers that do not know it stay in rotation, and every write is answered ok;
// 3. a newer build whose migration is marked stop, started in one server's place (what
//    the page forbids, done here on purpose): the servers that do not know it leave the
//    proxy's rotation within seconds, and the writes go to the newer server alone.
//
// After each, every call ended ok, no attempt was answered with an error by a server,
// each inspection is recorded once with its two events, and a reader of `events.stream`
// through the proxy gets the account's events exactly as the store numbers them. A newer
// build is a scratch copy of this one with one more migration file (`src/newerServer.ts`).
// Without the previous release (no git history), part 1 says SKIPPED and the servers
// start as this build for parts 2 and 3.
//
// Cost (2 cores, load average 9-12 from other sessions, 2026-12-07, two runs): 75-78 s,
// 32 s of processor time for vitest and every process it started; 158-162 writes. The
// first run on a machine also builds the release (some 25 s of CPU, then cached).
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  eventually,
  runWsafe,
  type ServerAtCommit,
  serverAtRelease,
  workspaceServerDirectory,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appliedMigrations } from "../src/appliedMigrations.js";
import { answeredSince, readProxiedServers } from "../src/haproxyStats.js";
import { migrationMarks } from "../src/migrationMarks.js";
import { type NewerServer, newerServer } from "../src/newerServer.js";
import { type RecordedWrites, readRecordedWrites } from "../src/recordedWrites.js";
import { missingServices } from "../src/services.js";
import { startTopology, type Topology, type WsafeServer } from "../src/startTopology.js";
import { startWrites, type Writes } from "../src/startWrites.js";
import { upgradeEquipment, upgradeScene, writeUpgradeDataset } from "../src/upgradeDataset.js";

const missing = missingServices();
// The release this workspace's changes follow: its package.json keeps the last released
// version until `changeset version` makes the next one.
const previousRelease = (
  JSON.parse(readFileSync(join(workspaceServerDirectory, "package.json"), "utf8")) as { version: string }
).version;
/** Harnesses per part: a bound on the writes (three parts, 450 at most). */
const perPart = 150;
const parts = {
  release: upgradeEquipment("release", perPart),
  rolling: upgradeEquipment("rolling", perPart),
  stop: upgradeEquipment("stop", perPart),
};
const rollingMigration = {
  "9001_deployment_rolling.sql":
    "-- upgrade: rolling - a table servers that do not know it never read\nCREATE TABLE deployment_rolling (id int);\n",
};
const stopMigration = {
  "9002_deployment_stop.sql":
    "-- upgrade: stop - servers that do not know it would write what it no longer reads\nCREATE TABLE deployment_stop (id int);\n",
};

describe.skipIf(missing.length > 0)(
  `upgrading the reference deployment from ${previousRelease}, through the proxy`,
  () => {
    let released: ServerAtCommit | { skipped: string };
    let topology: Topology;
    let scratch: string;
    const newer: NewerServer[] = [];
    beforeAll(async () => {
      released = await serverAtRelease(previousRelease);
      if ("skipped" in released)
        console.warn(
          `\n!!! the upgrade from ${previousRelease} through the proxy is SKIPPED: ${released.skipped}. The servers start as this build, for the other cases.\n`,
        );
      scratch = await mkdtemp(join(tmpdir(), "wsafe-deploy-upgrade-"));
      const file = await writeUpgradeDataset(
        scratch,
        [...parts.release, ...parts.rolling, ...parts.stop],
        Date.now(),
      );
      const serverDirectory = "skipped" in released ? undefined : released.dir;
      const startedAt = performance.now();
      topology = await startTopology({
        rateLimit: "100000/60s",
        serverDirectory,
        // The version the servers start as makes the database and imports, through PgBouncer.
        async seed(pooledUrl) {
          const imported = await runWsafe(["import", file, "--database", pooledUrl], { serverDirectory });
          if (imported.code !== 0) throw new Error(`wsafe import failed:\n${imported.output}`);
        },
      });
      console.log(`deployment upgrade: topology up in ${Math.round(performance.now() - startedAt)} ms`);
    }, 600_000);
    afterAll(async () => {
      await topology?.stop();
      for (const server of newer) await server.remove();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    });

    const writesTo = (equipment: readonly string[]) =>
      startWrites({
        proxyUrl: topology.proxyUrl,
        certificate: topology.certificate,
        token: upgradeScene.token,
        inspector: upgradeScene.inspector,
        schedule: upgradeScene.schedule,
        equipment,
        lanes: 2,
        pauseMs: 300,
      });
    const answered = (writes: Writes) => writes.calls.filter((call) => call.inspection !== undefined).length;
    const flowing = async (writes: Writes, what: string) => {
      const before = answered(writes);
      await eventually(() => answered(writes) >= before + 10, what, { timeoutMs: 60_000, intervalMs: 50 });
    };
    const recorded = (writes: Writes, from: number) =>
      readRecordedWrites(
        {
          proxyUrl: topology.proxyUrl,
          certificate: topology.certificate,
          database: topology.database.direct,
          account: upgradeScene.account,
          token: upgradeScene.token,
        },
        writes.calls,
        from,
      );
    const applied = async () => appliedMigrations(topology.database.direct);
    const status = async (server: WsafeServer) =>
      (await readProxiedServers(topology.statsUrl)).find((candidate) => candidate.name === server.name)
        ?.status;

    it(`upgrades from ${previousRelease} to this build as the Operate page says, every write answered`, async (context) => {
      if ("skipped" in released) return context.skip();
      const own = await migrationMarks(workspaceServerDirectory);
      const releaseHas = (await applied()).map((migration) => migration.name);
      const brought = own.filter((migration) => !releaseHas.includes(migration.name));
      const oneAtATime = brought.every((migration) => migration.upgrade === "rolling");
      const from = Date.now() - 1_000;
      const writes = writesTo(parts.release);
      const exits: (number | string)[] = [];
      try {
        await flowing(writes, `writes are answered by the servers of ${previousRelease}`);
        if (oneAtATime)
          for (const server of topology.servers) {
            exits.push(await server.process.stop());
            await topology.restart(server);
            await topology.allUp();
          }
        else {
          exits.push(...(await Promise.all(topology.servers.map((server) => server.process.stop()))));
          // Started together, the first applies the migrations under its lock; the others wait for it.
          await Promise.all(topology.servers.map((server) => topology.restart(server)));
          await topology.allUp();
        }
        await flowing(writes, "writes are answered by this build's servers");
      } finally {
        await writes.stop();
      }
      const found = await recorded(writes, from);
      console.log(
        `deployment upgrade from ${previousRelease} (${oneAtATime ? "one at a time" : "every server stopped first"}, bringing ${brought.map((m) => `${m.name} ${m.upgrade}`).join(", ")}): ${answered(writes)} writes answered, the client sent again ${writes.retriedCounts()}; ${found.stored.length} events`,
      );
      expect(exits).toEqual([0, 0, 0]);
      expect((await applied()).map((migration) => migration.name)).toEqual(
        own.map((migration) => migration.name),
      );
      // While every server is stopped the proxy answers 503; no server may answer an error.
      expectEachWriteOnce(writes, found, oneAtATime ? "every attempt" : "server answers");
    }, 300_000);

    it("restarts the servers one at a time onto a newer build whose migration is marked rolling, every write answered ok", async () => {
      const newerBuild = await newerServer(rollingMigration);
      newer.push(newerBuild);
      const from = Date.now() - 1_000;
      const writes = writesTo(parts.rolling);
      const exits: (number | string)[] = [];
      const [first, ...others] = topology.servers;
      if (!first) throw new Error("no server");
      let beside: Record<string, number> = {};
      try {
        await flowing(writes, "writes are answered");
        exits.push(await first.process.stop());
        await topology.restart(first, {}, newerBuild.dir);
        // The servers that do not know its migration say so once and stay in rotation.
        await eventually(
          () =>
            others.every((server) =>
              logLines(server.process.output()).some(
                (line) => line.migration === "9001_deployment_rolling.sql",
              ),
            ),
          "the servers of this build have seen the newer migration",
        );
        await topology.allUp();
        const before = await readProxiedServers(topology.statsUrl);
        await flowing(writes, "writes are answered beside the newer migration");
        beside = answeredSince(before, await readProxiedServers(topology.statsUrl));
        for (const server of others) {
          expect(
            logLines(server.process.output()).filter(
              (line) => line.migration === "9001_deployment_rolling.sql",
            ),
          ).toEqual([expect.objectContaining({ level: 40, upgrade: "rolling" })]);
          exits.push(await server.process.stop());
          await topology.restart(server, {}, newerBuild.dir);
          await topology.allUp();
        }
        await flowing(writes, "writes are answered by the newer servers");
      } finally {
        await writes.stop();
      }
      const found = await recorded(writes, from);
      console.log(
        `deployment upgrade, one at a time to a newer build (rolling): ${answered(writes)} writes answered, the client sent again ${writes.retriedCounts()}; ${found.stored.length} events`,
      );
      expect(exits).toEqual([0, 0, 0]);
      // Round robin: each of the three answered writes beside the migration.
      for (const server of topology.servers) expect(beside[server.name], server.name).toBeGreaterThan(0);
      expectEachWriteOnce(writes, found, "every attempt");
    }, 300_000);

    it("takes the servers that do not know a newer migration marked stop out of rotation within seconds; writes then go to the newer server alone", async () => {
      const newerBuild = await newerServer({ ...rollingMigration, ...stopMigration });
      newer.push(newerBuild);
      const from = Date.now() - 1_000;
      const writes = writesTo(parts.stop);
      const [first, ...others] = topology.servers;
      if (!first) throw new Error("no server");
      let exit: number | string = "";
      let leftAfterMs = 0;
      let alone: Record<string, number> = {};
      try {
        await flowing(writes, "writes are answered");
        exit = await first.process.stop();
        // It applies the migration at its start, before its readiness line.
        await topology.restart(first, {}, newerBuild.dir);
        await eventually(
          async () => (await Promise.all(others.map(status))).every((state) => state === "DOWN"),
          "HAProxy has the servers that do not know the migration DOWN",
          { timeoutMs: 15_000, intervalMs: 50 },
        );
        const stopApplied = (await applied()).find(
          (migration) => migration.name === "9002_deployment_stop.sql",
        );
        leftAfterMs = Date.now() - (stopApplied?.appliedAt ?? Number.NaN);
        await eventually(async () => (await status(first)) === "UP", "HAProxy has the newer server UP", {
          timeoutMs: 30_000,
        });
        const before = await readProxiedServers(topology.statsUrl);
        await flowing(writes, "writes are answered by the newer server");
        alone = answeredSince(before, await readProxiedServers(topology.statsUrl));
      } finally {
        await writes.stop();
      }
      const found = await recorded(writes, from);
      const readiness = await Promise.all(
        others.map(async (server) => {
          const response = await fetch(`${server.url}/readyz`);
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        }),
      );
      console.log(
        `deployment upgrade, a newer build's stop migration: the others were DOWN at HAProxy ${leftAfterMs} ms after the migrating transaction began; ${answered(writes)} writes answered, the client sent again ${writes.retriedCounts()}; ${found.stored.length} events`,
      );
      expect(exit).toBe(0);
      for (const answer of readiness)
        expect(answer).toMatchObject({
          status: 503,
          body: {
            checks: { migrations: "newer" },
            description: expect.stringContaining("9002_deployment_stop.sql"),
          },
        });
      expect(alone[first.name]).toBeGreaterThanOrEqual(10);
      expect(others.map((server) => alone[server.name])).toEqual([0, 0]);
      for (const server of others)
        expect(
          logLines(server.process.output()).filter((line) => line.migration === "9002_deployment_stop.sql"),
        ).toEqual([expect.objectContaining({ level: 50, upgrade: "stop" })]);
      // While no server was UP (the newer one not yet, the others gone) the proxy answered 503.
      expectEachWriteOnce(writes, found, "server answers");
    }, 300_000);
  },
);

/**
 * Every call ended ok, each inspection is in the store once with its two events, and the
 * stream gives the account's events as the store numbers them: no gap, none twice. `ok`
 * says which attempts had to be answered ok: every one, or every one a server answered.
 */
function expectEachWriteOnce(writes: Writes, found: RecordedWrites, ok: "every attempt" | "server answers") {
  expect(writes.calls.filter((call) => call.failure !== undefined)).toEqual([]);
  expect(writes.retried.filter((why) => ok === "every attempt" || why.startsWith("api "))).toEqual([]);
  expect(found.notOnce).toEqual([]);
  expect(found.eventsPerInspection).toEqual({ 2: writes.calls.length });
  expect(found.streamed).toEqual(found.stored);
}

/** The JSON log lines a server wrote so far. */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
