// What a reader that never reads costs the server, on both stores: an import of 25 000
// equipment (75 000 events, about 27 MB of frames) recorded while one `events.stream` of
// the account stalls, beside the same import with no stream, each on a server of its own
// process whose memory is read after full collections. The stalled stream may cost at
// most 2 MiB however much is recorded, and once its reader reads again it gets every
// event once, in order. Before, it cost 7.3 (PGlite) and 7.7 MiB (PostgreSQL) after
// collections, the account's latest 10 000 events kept for it, and the issue measured
// 44-65 MiB of resident memory.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createBulkDataset,
  type ScratchDatabase,
  serverDirectory,
  serverNodeOptions,
  startServerProcess,
  testStores,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import { openPausableStream, type PausableStream } from "./support/pausableStream.js";

const token = "bulk-stream-token-000000000001";
const EQUIPMENTS = 25_000;
/** The bound on what a stalled stream may cost. */
const STALLED_STREAM_BOUND = 2 * 2 ** 20;
const script = fileURLToPath(new URL("./support/measuredServer.mjs", import.meta.url));

/** The server's memory after full collections: the JS heap and what lives outside it (buffers). */
interface Memory {
  heapUsed: number;
  external: number;
  rss: number;
}

/** A server in a process of its own that reads its memory and imports on request. */
async function startMeasuredServer(database: string) {
  const server = await startServerProcess(
    [script, serverDirectory(), JSON.stringify({ port: 0, database, logger: false })],
    { ipc: true, execArgv: [...serverNodeOptions, "--expose-gc"], name: "measured" },
  );
  const ask = <Reply>(message: object, type: string) =>
    new Promise<Reply>((resolve) => {
      const listen = (reply: unknown) => {
        if ((reply as { type?: unknown } | null)?.type !== type) return;
        server.child.off("message", listen);
        resolve(reply as Reply);
      };
      server.child.on("message", listen);
      server.child.send(message);
    });
  return { server, memory: () => ask<Memory>({ type: "memory" }, "memory"), ask };
}

/** How much the import grew the server (heap and buffers, after collections), with a stalled stream or none. */
async function importBeside(
  create: () => Promise<ScratchDatabase>,
  embedded: boolean,
  files: string,
  stalled: boolean,
): Promise<{
  grewBytes: number;
  events: number;
  stream?: PausableStream;
  drop(): Promise<void>;
}> {
  const db = await create();
  const store = await openStore(db.database);
  await importDataset(store, {
    ...createBulkDataset(0).dataset,
    tokens: [{ token, account_id: "acc_bulk" }],
  });
  await store.close();
  const { server, memory, ask } = await startMeasuredServer(db.database);
  const stream = stalled ? await openPausableStream(server.url, token) : undefined;
  await stream?.readUntil(() => stream.connected());
  // The stream is open once the server has checked it and said `connected`; give its
  // first read of the account's last event time to land before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = await memory();
  const { dataset } = createBulkDataset(EQUIPMENTS);
  let events: number;
  if (embedded) {
    // The embedded store belongs to the server's process: the import runs there.
    const file = join(files, `bulk-${stalled}.json`);
    await writeFile(file, JSON.stringify(dataset));
    const reply = await ask<{ events?: number; error?: string }>({ type: "import", file }, "imported");
    if (reply.error !== undefined) throw new Error(reply.error);
    events = reply.events ?? 0;
  } else {
    const importer = await openStore(db.database);
    events = (await importDataset(importer, dataset)).events;
    await importer.close();
  }
  // Time for the feed to take up what the commit announced.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const after = await memory();
  const grewBytes = after.heapUsed + after.external - (before.heapUsed + before.external);
  return {
    grewBytes,
    events,
    stream,
    drop: async () => {
      stream?.close();
      await server.stop();
      await db.drop();
    },
  };
}

describe.each(testStores)("a stream whose reader never reads, on $name", ({ name, skip, create }) => {
  let files: string;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), "wsafe-stream-memory-"));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await rm(files, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    `costs the server under 2 MiB over an import of ${EQUIPMENTS} equipment, then sends every event once, in order`,
    async () => {
      const embedded = name === "PGlite (embedded)";
      const none = await importBeside(create, embedded, files, false);
      cleanups.push(none.drop);
      const stalled = await importBeside(create, embedded, files, true);
      cleanups.push(stalled.drop);
      const cost = stalled.grewBytes - none.grewBytes;
      console.log(
        `${name}: ${stalled.events} events recorded; the server grew ${(none.grewBytes / 2 ** 20).toFixed(2)} MiB with no stream, ` +
          `${(stalled.grewBytes / 2 ** 20).toFixed(2)} MiB with a stalled one: it cost ${(cost / 2 ** 20).toFixed(2)} MiB`,
      );
      expect(stalled.events).toBe(EQUIPMENTS * 3);
      expect(cost).toBeLessThan(STALLED_STREAM_BOUND);
      const stream = stalled.stream;
      if (!stream) throw new Error("the stalled run opened no stream");
      await stream.readUntil(() => stream.events.length >= stalled.events);
      const ids = stream.events.map(({ id }) => id);
      expect(new Set(ids).size).toBe(stalled.events);
      const sequences = stream.events.map(({ event }) => event.sequence ?? 0);
      expect(sequences.every((sequence, i) => i === 0 || sequence > sequences[i - 1]!)).toBe(true);
    },
    600_000,
  );
});
