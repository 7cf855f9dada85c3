// Workload 9, streams and operations (issue 35), each figure beside its baseline:
// - the CPU an idle server spends with events and webhooks on (and with metrics), beside
//   one with both off and beside Node's bare `https` server idling in the same window;
// - a stream's first event among 1 000 accounts and 1 000 000 events, beside one account alone;
// - a server's memory while a reader that stopped reading has 100 000 events recorded for
//   it, beside no reader and beside a reader that reads, on both stores (PostgreSQL: the
//   import runs in the bench's process while the server streams; PGlite: in the server's);
// - retention's time over 10 000 000 events (`retentionPrune.mjs`).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import pg from "pg";
import { benchDataset } from "../lib/benchDataset.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { timeFirstEvent } from "../lib/eventStreamReader.mjs";
import { sampleIdleCpu } from "../lib/idleCpu.mjs";
import { progress } from "../lib/log.mjs";
import { median } from "../lib/percentiles.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { DAY, insertSyntheticEvents, syntheticEvent } from "../lib/syntheticEvents.mjs";
import { processesOf } from "./eventsList.mjs";
import { slowReaderMemory } from "./slowReaderMemory.mjs";

const token = "wsafe-bench-stream-token";

/** Opens a store of the build under measurement. @param {string} database */
async function open(database) {
  const { openStore } = await import(serverLocation().entryUrl);
  return openStore(database);
}

/** The account `id` and its read token. @param {string} id */
const accountWithToken = (id) => ({
  accounts: [{ id, name: id }],
  tokens: [{ token: `${token}-${id}`, account_id: id }],
});

/**
 * The idle CPU of a server with events and webhooks on (recorder, retention, deliveries,
 * stream watch: the defaults), the same with its metrics listener, with events alone (no
 * delivery loop), and with both off, on the same store, one after the other (median slice
 * of each); each beside Node's bare `https` server idling in the same window (the floor:
 * the machine's load moves both alike).
 *
 * @param {{ database: string, tlsDir: string, postgres: boolean, idle: { settleSeconds: number, seconds: number, sliceSeconds: number } }} options
 */
export async function idleCpu({ database, tlsDir, postgres, idle }) {
  const measure = async (/** @type {object} */ settings) => {
    const server = await startChildServer("wsafeServer.mjs", { database, tlsDir, ...settings });
    const bare = await startChildServer("bareHttps.mjs", { tlsDir });
    const client = postgres ? new pg.Client({ connectionString: database }) : undefined;
    try {
      await client?.connect();
      await new Promise((resolve) => setTimeout(resolve, idle.settleSeconds * 1000));
      const [wsafe, floor] = await Promise.all([
        sampleIdleCpu(processesOf(server.pid, client), idle),
        sampleIdleCpu(() => [bare.pid], idle),
      ]);
      return { ...wsafe, bare: floor };
    } finally {
      await client?.end();
      await bare.close();
      await server.close();
    }
  };
  const on = await measure({});
  const withMetrics = await measure({ metricsPort: 0 });
  // Events on, webhooks off: the recorder's share apart from the delivery loop's.
  const eventsOnly = await measure({ webhooks: { deliver: false } });
  const off = await measure({ recordEvents: false, webhooks: { deliver: false } });
  return { on, withMetrics, eventsOnly, off };
}

/**
 * Milliseconds to a stream's first event on a store of `accounts` accounts sharing
 * `count` events: resuming after an event of the middle (`lastEventId`) and replaying
 * from an account's first instant (`from`), `runs` times each taking turns, medians.
 *
 * @param {{ database: string, tlsDir: string, accounts: number, count: number, runs: number }} options
 */
async function firstEvent({ database, tlsDir, accounts, count, runs }) {
  const now = Date.now();
  const plan = { count, accounts, firstAt: now - 30 * DAY, lastAt: now };
  // The account followed: one in the middle of the round robin.
  const followed = Math.floor(accounts / 2);
  const store = await open(database);
  try {
    const { importDataset } = await import(serverLocation().entryUrl);
    await importDataset(store, accountWithToken(`acc_${followed}`));
    const start = performance.now();
    await insertSyntheticEvents(store.sql, plan);
    await store.sql.query("ANALYZE events");
    progress(
      `streams: ${count} events of ${accounts} accounts made in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  } finally {
    await store.close();
  }
  const perAccount = count / accounts;
  const middle = syntheticEvent(plan, followed, Math.floor(perAccount / 2));
  const first = syntheticEvent(plan, followed, 0);
  const server = await startChildServer("wsafeServer.mjs", { database, tlsDir, recordEvents: false });
  try {
    const input = { token: `${token}-acc_${followed}` };
    await timeFirstEvent(server.url, { ...input, lastEventId: middle.id }); // warm
    const resume = [];
    const from = [];
    for (let run = 0; run < runs; run++) {
      resume.push(await timeFirstEvent(server.url, { ...input, lastEventId: middle.id }));
      from.push(await timeFirstEvent(server.url, { ...input, from: first.occurredAt }));
    }
    return { accounts, count, resumeMs: median(resume), fromMs: median(from), runs: { resume, from } };
  } finally {
    await server.close();
  }
}

/**
 * Workload 9's streams and idle figures on PGlite and, given its URL, PostgreSQL.
 *
 * @param {{ postgresUrl?: string, idle: any, firstEvent: { accounts: number, count: number, runs: number }, slowReader: { equipment: number } }} options
 */
export async function runStreams({ postgresUrl, idle, firstEvent: sizes, slowReader }) {
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  try {
    return await measureStreams({ postgresUrl, tlsDir: tls.path, idle, firstEvent: sizes, slowReader });
  } finally {
    await tls.remove();
  }
}

/**
 * Workload 9's stream figures on each store.
 *
 * @param {{ postgresUrl?: string, tlsDir: string, idle: any, firstEvent: { accounts: number, count: number, runs: number }, slowReader: { equipment: number } }} options
 */
async function measureStreams({ postgresUrl, tlsDir, idle, firstEvent: sizes, slowReader }) {
  /** @type {Record<string, any>} */
  const backends = {};
  const { importDataset } = await import(serverLocation().entryUrl);
  const withStore = async (
    /** @type {string} */ label,
    /** @type {(make: () => Promise<string>) => Promise<any>} */ work,
  ) => {
    /** @type {(() => Promise<void>)[]} */
    const cleanups = [];
    const make = async () => {
      if (label === "postgres") {
        const db = await createPostgresDatabase("bench_streams", postgresUrl);
        cleanups.push(() => db.drop());
        return db.database;
      }
      const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-streams-"));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return join(dir, "wsafe");
    };
    try {
      return await work(make);
    } finally {
      for (const cleanup of cleanups) await cleanup();
    }
  };
  for (const label of postgresUrl ? ["pglite", "postgres"] : ["pglite"]) {
    const postgres = label === "postgres";
    backends[label] = await withStore(label, async (make) => {
      const idleDatabase = await make();
      const store = await open(idleDatabase);
      try {
        await importDataset(store, benchDataset({ equipmentCount: 1_000 }));
      } finally {
        await store.close();
      }
      const cpu = await idleCpu({ database: idleDatabase, tlsDir, postgres, idle });
      const beside = (/** @type {any} */ run) =>
        `${run.medianMsPerSecond.toFixed(2)} (mean ${run.meanMsPerSecond.toFixed(2)}; bare https ${run.bare.medianMsPerSecond.toFixed(2)}, mean ${run.bare.meanMsPerSecond.toFixed(2)})`;
      progress(
        `streams ${label}: an idle server spends ms of CPU a second: events and webhooks on ${beside(cpu.on)}, with metrics ${beside(cpu.withMetrics)}, events alone ${beside(cpu.eventsOnly)}, both off ${beside(cpu.off)}`,
      );
      const many = await firstEvent({ database: await make(), tlsDir, ...sizes });
      const alone = await firstEvent({
        database: await make(),
        tlsDir,
        accounts: 1,
        count: sizes.count / sizes.accounts,
        runs: sizes.runs,
      });
      progress(
        `streams ${label}: first event after resuming ${many.resumeMs.toFixed(1)} ms among ${sizes.accounts} accounts (${alone.resumeMs.toFixed(1)} alone), from an instant ${many.fromMs.toFixed(1)} ms (${alone.fromMs.toFixed(1)} alone)`,
      );
      const memory = await slowReaderMemory({
        database: await make(),
        tlsDir,
        embedded: !postgres,
        ...slowReader,
      });
      return { idleCpu: cpu, firstEvent: { many, alone }, memory };
    });
  }
  return { sizes: { idle, firstEvent: sizes, slowReader }, backends };
}
