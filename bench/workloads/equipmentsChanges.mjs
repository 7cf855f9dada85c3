import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import pg from "pg";
import { benchDataset, benchToken } from "../lib/benchDataset.mjs";
import { changesFigureLine, summariseCatchUps } from "../lib/changesFigures.mjs";
import { mirrorDifferences } from "../lib/changesFloor.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { pinningPlan, pinProcess, tasksetAvailable } from "../lib/cpuPinning.mjs";
import { loud, progress } from "../lib/log.mjs";
import { clockTicksPerSecond, readCpuTicks } from "../lib/procCpu.mjs";
import { runPinnedChild } from "../lib/runPinnedChild.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

const rateLimit = { points: 1_000_000_000, durationSeconds: 1 };
const accountId = "acc_bench";
const child = (/** @type {string} */ name) => fileURLToPath(new URL(`../children/${name}`, import.meta.url));

/**
 * The CPU ticks so far of the database backends serving the workload's database (on this
 * machine: the bench's PostgreSQL runs here), the bench's own connection left out.
 *
 * @param {pg.Client} client - connected to that database
 * @returns {Promise<Map<number, number>>}
 */
async function backendTicks(client) {
  const { rows } = await client.query(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  return new Map(rows.map((row) => [Number(row.pid), readCpuTicks(Number(row.pid)) ?? 0]));
}

/**
 * One round on one store: the floor first (on PGlite it opens the directory, which a
 * server must not hold meanwhile), then a fresh server and a mirror walking its feed from
 * no cursor; the server's CPU (and, on PostgreSQL, its backends') read around the walk.
 *
 * @param {{ database: string, tlsDir: string, pageSize: number, plan: ReturnType<typeof pinningPlan>, client?: pg.Client }} options
 */
async function catchUpRound({ database, tlsDir, pageSize, plan, client }) {
  const floorCpus = plan.pinned ? plan.serverCpus : undefined;
  const floor = await runPinnedChild(
    child("changesCopyFloor.mjs"),
    { database, accountId },
    floorCpus,
    "the COPY floor",
  );
  const server = await startChildServer("wsafeServer.mjs", { database, tlsDir, rateLimit });
  try {
    if (plan.pinned) pinProcess(server.pid, plan.serverCpus);
    const ticksPerSecond = clockTicksPerSecond();
    const before = readCpuTicks(server.pid) ?? Number.NaN;
    const backendsBefore = client ? await backendTicks(client) : undefined;
    const walk = await runPinnedChild(
      child("changesMirror.mjs"),
      { url: server.url, token: benchToken, limit: pageSize },
      plan.pinned ? plan.loadCpus : undefined,
      "the mirror",
    );
    const serverTicks = (readCpuTicks(server.pid) ?? Number.NaN) - before;
    let databaseTicks = null;
    if (client && backendsBefore) {
      databaseTicks = 0;
      for (const [pid, ticks] of await backendTicks(client))
        databaseTicks += ticks - (backendsBefore.get(pid) ?? 0);
    }
    const micros = (/** @type {number} */ ticks) => (ticks / ticksPerSecond) * 1e6;
    return {
      walk,
      floor,
      serverCpuMicros: micros(serverTicks),
      databaseCpuMicros: databaseTicks === null ? null : micros(databaseTicks),
    };
  } finally {
    await server.close();
  }
}

/**
 * Workload: `equipments.changes` catching up (issue 49). A store with `equipment` equipment
 * (the bench dataset: three schedules each) imported, on PGlite and on PostgreSQL; in each
 * round, the store's own `COPY (SELECT ... the same rows ...) TO` (the floor: no statuses,
 * no JSON, no pages), then a server started afresh and a mirror from no cursor walking the
 * feed with `limit` `pageSize` until `has_more` is false (its own process, pinned apart
 * from the server, as the steady method pins load). The mirror is held to the floor's rows
 * (every equipment once, its version and its schedules). Printed: the catch-up's time and
 * the CPU a change (the server's; on PostgreSQL with its database backends', read from
 * `/proc`), beside the floor's.
 *
 * @param {{ equipment: number, pageSize: number, rounds: number, postgresUrl?: string }} size
 */
export async function runEquipmentsChanges({ equipment, pageSize, rounds, postgresUrl }) {
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-changes-"));
  /** @type {Awaited<ReturnType<typeof createPostgresDatabase>> | undefined} */
  let db;
  /** @type {pg.Client | undefined} */
  let client;
  const plan = pinningPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable() });
  if (!plan.pinned) loud(`changes: NOT PINNED (${plan.why})`);
  /** @type {Record<string, { rounds: any[], mirror?: { count: number, first: string[] } }>} */
  const stores = {};
  try {
    const dataset = benchDataset({ equipmentCount: equipment });
    /** @type {[string, string][]} */
    const databases = [["PGlite", dir]];
    if (postgresUrl) {
      db = await createPostgresDatabase("bench_changes", postgresUrl);
      databases.push(["PostgreSQL", db.database]);
      client = new pg.Client({ connectionString: db.database });
      await client.connect();
    }
    for (const [store, database] of databases) {
      const started = performance.now();
      const opened = await openStore(database);
      await importDataset(opened, dataset);
      await opened.close();
      progress(
        `changes: ${equipment.toLocaleString("en-US")} equipment imported into ${store} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    for (const [store, database] of databases) {
      stores[store] = { rounds: [] };
      for (let round = 1; round <= rounds; round++) {
        const result = await catchUpRound({
          database,
          tlsDir: tls.path,
          pageSize,
          plan,
          client: store === "PostgreSQL" ? client : undefined,
        });
        const { mirror, pageMs, ...walk } = result.walk;
        const { equipment: floorRows, ...floor } = result.floor;
        if (round === 1) {
          stores[store].mirror = mirrorDifferences(new Map(mirror), new Map(floorRows));
          const { count, first } = stores[store].mirror;
          if (count > 0)
            loud(
              `changes, ${store}: the mirror differs from the store in ${count} equipment: ${first.join("; ")}`,
            );
          else
            progress(
              `changes, ${store}: the mirror holds every equipment of the store, each at its version with its schedules`,
            );
        }
        stores[store].rounds.push({
          ...result,
          walk: { ...walk, slowestPageMs: Math.max(...pageMs) },
          floor,
        });
        progress(
          `changes, ${store}: round ${round}/${rounds}: the walk ${walk.ms.toFixed(0)} ms (${walk.pages} pages, slowest ${Math.max(...pageMs).toFixed(0)} ms, the mirror's own CPU ${(walk.clientCpuMicros / 1000).toFixed(0)} ms), the floor ${floor.ms.toFixed(0)} ms, load ${os.loadavg()[0].toFixed(2)}`,
        );
      }
      progress(changesFigureLine(store, summariseCatchUps(stores[store].rounds)));
    }
    return {
      equipment,
      pageSize,
      rounds,
      method: { pinned: plan.pinned, serverCpus: plan.serverCpus, loadCpus: plan.loadCpus },
      stores,
    };
  } finally {
    await client?.end();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
    await tls.remove();
  }
}
