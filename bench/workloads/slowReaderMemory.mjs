// Workload 9's reader that stopped reading (issue 35; issue 47: a stalled stream costs at
// most 2 MiB however much is recorded, beside the same work with no stream): a server's
// memory while events are recorded for an account with a reader that reads, one that
// stopped reading, or none, on either store.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { plainEquipment } from "@wsafe/test-support";
import { startChildServer } from "../lib/childServer.mjs";
import { openEventStream } from "../lib/eventStreamReader.mjs";
import { progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { DAY } from "../lib/syntheticEvents.mjs";

/** The read token of one of the workload's accounts. @param {string} account */
const tokenOf = (account) => `wsafe-bench-slow-reader-${account}`;

/**
 * `count` new equipment of the account, two schedules each: importing them records
 * three events each (the equipment and its schedules appear).
 *
 * @param {string} account
 * @param {number} count
 */
function equipmentOf(account, count) {
  const type = `et_${account}`;
  const schedule = (/** @type {string} */ id) => ({
    schedule_id: id,
    expiringOn: Date.now() + 30 * DAY,
    expiresOn: Date.now() + 60 * DAY,
    lastCompletedOn: Date.now(),
  });
  return {
    equipmentTypes: [{ id: type, account_id: account, name: "Harness", metafields: [] }],
    equipments: Array.from({ length: count }, (_, n) =>
      plainEquipment(`eq_${account}_${n}`, type, n, {
        metavalues: {},
        schedules: [schedule("a"), schedule("b")],
      }),
    ),
  };
}

/**
 * What the server holds after full collections (heap and buffers), asked of a child
 * started with `--expose-gc`.
 *
 * @param {import("../lib/childServer.mjs").ChildServer} server
 */
async function heldBytes(server) {
  const { heapUsed, external } = await server.ask({ type: "stats", collect: true }, "stats");
  return heapUsed + external;
}

/**
 * Records the events of `equipment` new equipment for an account while a server serves:
 * in the bench's process on PostgreSQL, as `wsafe import` would; in the server's on
 * PGlite, whose store belongs to that process (asked over IPC).
 *
 * @param {{ database: string, server: import("../lib/childServer.mjs").ChildServer, account: string, equipment: number, embedded: boolean, files: string }} options
 * @returns {Promise<number>} the events recorded
 */
async function importWhileServing({ database, server, account, equipment, embedded, files }) {
  const dataset = equipmentOf(account, equipment);
  if (embedded) {
    const file = join(files, `${account}.json`);
    writeFileSync(file, JSON.stringify(dataset));
    const reply = await server.ask({ type: "import", file, at: Date.now() }, "imported");
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.events;
  }
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const importer = await openStore(database);
  try {
    return (await importDataset(importer, dataset)).events;
  } finally {
    await importer.close();
  }
}

/**
 * The server's memory while `equipment` × 3 events are recorded for an account with a
 * reader that reads, one that stopped reading (then reads them all, counted), or none:
 * its peak RSS above its RSS before, and what it holds after full collections then
 * beside before (issue 47: a stalled stream costs at most 2 MiB beside no stream).
 *
 * @param {{ database: string, tlsDir: string, equipment: number, embedded: boolean }} options
 */
export async function slowReaderMemory({ database, tlsDir, equipment, embedded }) {
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const files = mkdtempSync(join(tmpdir(), "wsafe-bench-slow-reader-"));
  /** @type {Record<string, any>} */
  const results = {};
  try {
    for (const reader of ["none", "stopped", "reading"]) {
      const account = `acc_mem_${reader}`;
      const store = await openStore(database);
      try {
        await importDataset(store, {
          accounts: [{ id: account, name: account }],
          tokens: [{ token: tokenOf(account), account_id: account }],
        });
      } finally {
        await store.close();
      }
      // Pings every second: a reader waiting for a last event is woken at least that often.
      const server = await startChildServer(
        "wsafeServer.mjs",
        { database, tlsDir, recordEvents: false, streamPingMs: 1_000 },
        { execArgv: ["--expose-gc"] },
      );
      try {
        const stream =
          reader === "none" ? undefined : await openEventStream(server.url, { token: tokenOf(account) });
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const heldBefore = await heldBytes(server);
        const before = /** @type {{ rss: number }} */ (server.memory()).rss;
        // VmHWM is the peak since the process started; the window's own peak is sampled.
        let peakBytes = before;
        const sampler = setInterval(() => {
          peakBytes = Math.max(peakBytes, server.memory()?.rss ?? 0);
        }, 20);
        let events = Number.POSITIVE_INFINITY;
        // A reader that reads does so while the events are recorded.
        const reading =
          reader === "reading" ? stream?.readUntil(() => (stream?.events ?? 0) >= events) : undefined;
        events = await importWhileServing({ database, server, account, equipment, embedded, files });
        await reading;
        // Every server gets the same time to take up what was recorded before memory is read.
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        clearInterval(sampler);
        const heldGrewBytes = (await heldBytes(server)) - heldBefore;
        if (reader === "stopped") await stream?.readUntil(() => (stream?.events ?? 0) >= events);
        results[reader] = {
          events,
          aboveBeforeBytes: peakBytes - before,
          heldGrewBytes,
          received: stream?.events,
        };
        stream?.close();
        const mib = (/** @type {number} */ bytes) => (bytes / 2 ** 20).toFixed(2);
        progress(
          `streams: ${events} events recorded with ${reader === "none" ? "no" : `a ${reader}`} reader: the server's peak ${mib(peakBytes - before)} MiB above its ${mib(before)} MiB, ${mib(heldGrewBytes)} MiB more held after collections`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
  const stalledCost = (results.stopped.heldGrewBytes - results.none.heldGrewBytes) / 2 ** 20;
  progress(
    `streams: a stalled reader cost the server ${stalledCost.toFixed(2)} MiB beside no reader (goal ≤ 2 MiB)`,
  );
  return results;
}
