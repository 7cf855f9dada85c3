// Workload 12, `events.stream` fan-out (issue 38 goal 6): one server with N open streams
// (1 000) on the bench account, then an import recording E events (10 000): the time from
// the import's start until every stream has every event, and the server's CPU per
// delivered frame (`/proc/<pid>/task/*/schedstat`), beside a peer that writes the same
// frames with Node's `https` from the same store rows (`children/sseFanoutPeer.mjs`), and
// beside stock tRPC fed from the same rows (`children/trpcFanoutPeer.mjs`).
// Readers in a process of their own (`children/streamReaders.mjs`), pinned apart from the
// server where the machine allows (`lib/cpuPinning.mjs`).
import { fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { benchDataset, benchEquipments } from "../lib/benchDataset.mjs";
import { nextMessage } from "../lib/childMessages.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { pinningPlan, pinProcess, tasksetAvailable } from "../lib/cpuPinning.mjs";
import { readCpuNanos } from "../lib/idleCpu.mjs";
import { progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { copyStore } from "../lib/storeCopies.mjs";

const account = "acc_bench";
const nowMs = () => performance.timeOrigin + performance.now();

/**
 * The account's new equipment, four events each when imported (the equipment and its three
 * schedules appear): `events / 4` of them, their ids marked by `tag`.
 *
 * @param {string} tag
 * @param {number} events
 * @param {number} now
 */
function newEquipment(tag, events, now) {
  const equipments = [...benchEquipments({ equipmentCount: Math.ceil(events / 4), seed: 11, now })].map(
    (equipment, n) => ({ ...equipment, id: `eq_fan_${tag}_${n}`, parent_id: "" }),
  );
  return { equipmentTypes: benchDataset({ equipmentCount: 0, now }).equipmentTypes, equipments };
}

/**
 * The tokens of the streams: each may hold `perToken` open streams on one server
 * (`--streams-per-token`, kept at its default), so N streams take N / perToken tokens.
 *
 * @param {number} streams
 * @param {number} perToken
 */
function streamTokens(streams, perToken) {
  return Array.from({ length: Math.ceil(streams / perToken) }, (_, n) => ({
    token: `wsafe-bench-fanout-token-${n}`,
    account_id: account,
    active: true,
    permissions: ["read"],
  }));
}

/**
 * Imports a dataset file at the store's event clock (`importDatasetAt`, so that both sides
 * record the very same events, ids and sequences included): in the server's process on
 * PGlite (the store is its), from the bench's process on PostgreSQL (as `wsafe import` does).
 *
 * @param {{ server: import("../lib/childServer.mjs").ChildServer, database: string, postgres: boolean, file: string, at: number }} options
 * @returns {Promise<{ startedAt: number, endedAt: number, events: number }>}
 */
async function runImport({ server, database, postgres, file, at }) {
  if (!postgres) {
    const answer = await server.ask({ type: "import", file, at }, "imported");
    if (answer.error) throw new Error(`the import failed in the server's process: ${answer.error}`);
    return answer;
  }
  const { openStore } = await import(serverLocation().entryUrl);
  const { importDatasetAt } = await import(new URL("./testing.js", serverLocation().entryUrl).href);
  const { readFileSync } = await import("node:fs");
  const dataset = JSON.parse(readFileSync(file, "utf8"));
  const store = await openStore(database);
  try {
    const startedAt = nowMs();
    const summary = await importDatasetAt(store, dataset, at);
    return { startedAt, endedAt: nowMs(), events: summary.events };
  } finally {
    await store.close();
  }
}

/**
 * One side (wsafe or the peer) on its own copy of the store: an import to warm it, the
 * import alone (no stream open: the import's own CPU in the server's process, subtracted
 * on PGlite), then N streams opened by the readers' process and the measured import.
 *
 * @param {{ side: "wsafe" | "trpc" | "peer", database: string, postgres: boolean, tlsDir: string, tokens: any[], streams: number, files: Record<"warmup" | "alone" | "streamed", string>, at: number, plan: ReturnType<typeof pinningPlan>, execArgv: string[], boundMs: number }} options
 */
async function measureSide({
  side,
  database,
  postgres,
  tlsDir,
  tokens,
  streams,
  files,
  at,
  plan,
  execArgv,
  boundMs,
}) {
  const tokenAccounts = Object.fromEntries(tokens.map((token) => [token.token, token.account_id]));
  const server =
    side === "wsafe"
      ? await startChildServer(
          "wsafeServer.mjs",
          {
            database,
            tlsDir,
            recordEvents: false,
            webhooks: { deliver: false },
            rateLimit: { points: 1_000_000_000, durationSeconds: 1 },
          },
          { execArgv },
        )
      : await startChildServer(
          side === "trpc" ? "trpcFanoutPeer.mjs" : "sseFanoutPeer.mjs",
          { database, tlsDir, tokens: tokenAccounts },
          { execArgv },
        );
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let readers;
  try {
    if (plan.pinned) pinProcess(server.pid, plan.serverCpus);
    // A first import warms the process (its first took 4× the next on PGlite), unmeasured.
    await runImport({ server, database, postgres, file: files.warmup, at });
    const aloneBefore = /** @type {number} */ (readCpuNanos(server.pid));
    const alone = await runImport({ server, database, postgres, file: files.alone, at });
    const aloneCpuNs = /** @type {number} */ (readCpuNanos(server.pid)) - aloneBefore;
    const perToken = Math.ceil(streams / tokens.length);
    const inputs = Array.from({ length: streams }, (_, n) => ({
      token: tokens[Math.floor(n / perToken)].token,
    }));
    readers = fork(fileURLToPath(new URL("../children/streamReaders.mjs", import.meta.url)), [
      JSON.stringify({ url: server.url, inputs }),
    ]);
    if (plan.pinned && readers.pid) pinProcess(readers.pid, plan.loadCpus);
    const opened = await nextMessage(readers, "opened", 300_000);
    // The openings' work (1 000 handshakes and checks) done before the CPU is read.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const readersCpuBefore = opened.cpu;
    // The server's memory while it delivers: the streams' queues and the sockets' buffers.
    const rssBefore = server.memory()?.rss ?? 0;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, server.memory()?.rss ?? 0);
    }, 50).unref();
    const cpuBefore = /** @type {number} */ (readCpuNanos(server.pid));
    // Bounded: past `boundMs` the readers report how far they got, and the figures are of
    // the frames delivered by then (with 1 000 streams wsafe did not deliver 1 000 events to
    // each within 15 minutes on PGlite).
    const answered = nextMessage(readers, "done", boundMs).catch(async () => {
      readers?.send({ type: "report" });
      return nextMessage(/** @type {any} */ (readers), "report", 60_000);
    });
    readers.send({ type: "expect", frames: alone.events });
    const [done, streamed] = await Promise.all([
      answered,
      runImport({ server, database, postgres, file: files.streamed, at }),
    ]);
    const cpuNs = /** @type {number} */ (readCpuNanos(server.pid)) - cpuBefore;
    clearInterval(sampler);
    if (streamed.events !== alone.events)
      throw new Error(`the two imports recorded ${alone.events} and ${streamed.events} events`);
    const complete = done.type === "done";
    const frames = streams * streamed.events;
    const delivered = complete ? frames : done.frames;
    const endedAt = complete ? done.lastReachedAt : done.at;
    const deliveryCpuNs = cpuNs - (postgres ? 0 : aloneCpuNs);
    const result = {
      streams,
      events: streamed.events,
      frames,
      complete,
      delivered,
      importMs: streamed.endedAt - streamed.startedAt,
      importAloneMs: alone.endedAt - alone.startedAt,
      allDeliveredMs: endedAt - streamed.startedAt,
      framesPerSecond: delivered / ((endedAt - streamed.startedAt) / 1000),
      serverCpuMs: cpuNs / 1e6,
      importAloneCpuMs: aloneCpuNs / 1e6,
      // The import alone can take longer than the same import beside the streams (a run of a
      // few hundred events, a busy machine): then the delivery's share is below what this
      // can measure, and no figure is better than a negative one.
      cpuMicrosPerFrame: deliveryCpuNs > 0 ? deliveryCpuNs / 1e3 / delivered : Number.NaN,
      rssBeforeMiB: rssBefore / 2 ** 20,
      peakRssMiB: peakRss / 2 ** 20,
      readersCpuMs: (done.cpu.user + done.cpu.system - readersCpuBefore.user - readersCpuBefore.system) / 1e3,
      digests: done.digests ?? [],
      minFrames: done.minFrames,
      maxFrames: done.maxFrames,
      firstFrame: done.firstFrame,
    };
    progress(
      `fanout ${side}${postgres ? " postgres" : " pglite"}: ${streams} streams × ${result.events} events ${complete ? "all delivered" : `NOT all delivered (${delivered} of ${frames} frames)`} ${result.allDeliveredMs.toFixed(0)} ms after the import's start (import ${result.importMs.toFixed(0)} ms, alone ${result.importAloneMs.toFixed(0)} ms), ${Math.round(result.framesPerSecond)} frames/s, ${result.cpuMicrosPerFrame.toFixed(2)} µs of server CPU a frame (readers ${result.readersCpuMs.toFixed(0)} ms), memory ${result.rssBeforeMiB.toFixed(0)} MiB, peak ${result.peakRssMiB.toFixed(0)} MiB, ${result.digests.length} distinct stream digest(s)`,
    );
    return result;
  } finally {
    if (readers && readers.exitCode === null) {
      readers.send({ type: "close" });
      await new Promise((resolve) => readers?.once("exit", resolve));
    }
    await server.close();
  }
}

/**
 * Workload 12 on PGlite and, given its URL, PostgreSQL: for each store, wsafe, stock tRPC
 * (`children/trpcFanoutPeer.mjs`: what tRPC's producer costs alone) and the https peer in
 * turn, each on a copy of the same prepared store, so that all deliver the very same
 * frames (checked: every stream's digest, on every side, must agree).
 *
 * @param {{ postgresUrl?: string, streams: number, events: number, perToken: number, cpuProfDir?: string, boundMs?: number }} options
 *   `cpuProfDir`: CPU profiles of the servers (`--cpu-prof`) written there; `boundMs`: how
 *   long a side may take to deliver (default 5 min), past which its figures are of what it
 *   delivered by then
 */
export async function runStreamFanout({
  postgresUrl,
  streams,
  events,
  perToken,
  cpuProfDir,
  boundMs = 300_000,
}) {
  const execArgv = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  const plan = pinningPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable() });
  if (!plan.pinned) progress(`fanout: server and readers UNPINNED: ${plan.why}`);
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  const dir = mkdtempSync(join(os.tmpdir(), "wsafe-bench-fanout-"));
  const tokens = streamTokens(streams, perToken);
  const now = Date.now();
  /** @type {Record<"warmup" | "alone" | "streamed", string>} */
  const files = { warmup: "", alone: "", streamed: "" };
  for (const tag of /** @type {const} */ (["warmup", "alone", "streamed"])) {
    files[tag] = join(dir, `${tag}.json`);
    writeFileSync(files[tag], JSON.stringify(newEquipment(tag, events, now)));
  }
  const { openStore, importDataset } = await import(serverLocation().entryUrl);
  /** @type {Record<string, any>} */
  const backends = {};
  try {
    for (const label of postgresUrl ? ["pglite", "postgres"] : ["pglite"]) {
      const postgres = label === "postgres";
      const db = postgres ? await createPostgresDatabase("bench_fanout", postgresUrl) : undefined;
      const base = db?.database ?? join(dir, "base");
      try {
        const store = await openStore(base);
        let at;
        try {
          const dataset = benchDataset({ equipmentCount: 100, now });
          await importDataset(store, { ...dataset, tokens: [...dataset.tokens, ...tokens] });
          // The instant both sides' imports are placed at (the clock: no time events).
          const [clock] = await store.sql.query("SELECT recorded_until::text AS at FROM event_clock");
          at = Number(clock.at);
        } finally {
          await store.close();
        }
        /** @type {Record<string, any>} */
        const sides = {};
        for (const side of /** @type {const} */ (["wsafe", "trpc", "peer"])) {
          const copy = await copyStore({ postgres, base, baseName: db?.name, postgresUrl, dir, side });
          try {
            sides[side] = await measureSide({
              side,
              database: copy.database,
              postgres,
              tlsDir: tls.path,
              tokens,
              streams,
              files,
              at,
              plan,
              execArgv,
              boundMs,
            });
          } finally {
            await copy.remove();
          }
        }
        // The sides that delivered everything are compared (stock tRPC may not finish in
        // its time); wsafe and the peer must both have, for the figures to stand.
        const complete = Object.entries(sides).filter(([, side]) => side.complete);
        const digests = new Set(complete.flatMap(([, side]) => side.digests));
        const compared = complete.map(([name]) => name);
        const comparable = sides.wsafe.complete && sides.peer.complete;
        if (!comparable)
          progress(`fanout ${label}: bytes not compared: wsafe or the peer did not finish in its time`);
        else if (digests.size !== 1)
          progress(
            `fanout ${label}: the streams did NOT all receive the same bytes (${digests.size} digests among ${compared.join(", ")})`,
          );
        backends[label] = { ...sides, sameBytes: comparable ? digests.size === 1 : null, compared };
      } finally {
        await db?.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await tls.remove();
  }
  return { streams, events, perToken, tokens: tokens.length, pinned: plan.pinned, backends };
}
