// Shortening `--events-retention` deletes the history older than it at the next start:
// the server says so in its log first, with what is deleted, where it used to go silently.
import { Writable } from "node:stream";
import { createScratchDirectory, type ScratchDirectory } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { importDatasetAt } from "../src/testing.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const day = 86_400_000;

/** Starts a server on the store with this retention and returns its log lines at warn and above. */
async function startAndReadLog(database: string, eventsRetentionMs: number) {
  const lines: { msg: string; level: number; oldestRecorded?: string; oldestKept?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const server = await startServer({
    port: 0,
    http: true,
    database,
    eventsRetentionMs,
    logger: { level: "warn", stream },
  });
  await server.close();
  return lines;
}

describe("a retention shortened below the history the store holds", () => {
  let dir: ScratchDirectory;
  const importedAt = Date.now() - 10 * day;
  beforeAll(async () => {
    dir = await createScratchDirectory("retention-start");
    const store = await openStore(`${dir.path}/data`);
    // A store that has served for ten days: its event clock began then, not at this test's start.
    await store.sql.query("UPDATE event_clock SET recorded_until = $1", [importedAt - day]);
    await importDatasetAt(store, createDemoDataset({ equipmentCount: 20, now: importedAt }), importedAt);
    await store.close();
  });
  afterAll(() => dir?.remove());

  it("is said at start in the log, as configured, with the span deleted", async () => {
    const log = await startAndReadLog(`${dir.path}/data`, 2 * 3_600_000);
    const warning = log.find((line) => line.msg.startsWith("events are kept for"));
    expect(warning).toMatchObject({
      level: 40,
      oldestRecorded: new Date(importedAt).toISOString(),
    });
    expect(warning!.msg).toBe(
      `events are kept for 2 hours (--events-retention): those recorded from ${warning!.oldestRecorded} to ${warning!.oldestKept} are older and are deleted now`,
    );
  });

  it("stays quiet once nothing that old is left", async () => {
    const log = await startAndReadLog(`${dir.path}/data`, 2 * 3_600_000);
    expect(log.filter((line) => line.msg.startsWith("events are kept for"))).toEqual([]);
  });
});
