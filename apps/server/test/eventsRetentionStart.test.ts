// A server says at start how long events are kept, whatever the store holds: shortening
// `--events-retention` deletes the history older than it, and the log names what is
// deleted first. A retention of one minute over an hour of history used to say nothing
// (only history over two hours past the retention was named).
import { Writable } from "node:stream";
import { createScratchDirectory, type ScratchDirectory } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { importDatasetAt } from "../src/testing.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const day = 86_400_000;

/** The one line that says the retention, with its level. */
const retentionLines = (log: Awaited<ReturnType<typeof startAndReadLog>>) =>
  log.filter((line) => line.msg.startsWith("events are kept for"));

/** Starts a server on the store with this retention and returns its log lines at info and above. */
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
    logger: { level: "info", stream },
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
      `events are kept for 2 hours (--events-retention): those recorded from ${warning!.oldestRecorded} to ${warning!.oldestKept} are older and are deleted within the hour`,
    );
  });

  it("says the retention at info once nothing that old is left", async () => {
    const log = await startAndReadLog(`${dir.path}/data`, 2 * 3_600_000);
    expect(retentionLines(log)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(
          /^events are kept for 2 hours \(--events-retention\); (none is recorded yet|the oldest recorded is from \S+)$/,
        ),
      }),
    ]);
  });
});

describe("a retention of one minute over half an hour of history", () => {
  let dir: ScratchDirectory;
  const importedAt = Date.now() - 30 * 60_000;
  beforeAll(async () => {
    dir = await createScratchDirectory("retention-minute");
    const store = await openStore(`${dir.path}/data`);
    await store.sql.query("UPDATE event_clock SET recorded_until = $1", [importedAt - 60_000]);
    await importDatasetAt(store, createDemoDataset({ equipmentCount: 5, now: importedAt }), importedAt);
    await store.close();
  });
  afterAll(() => dir?.remove());

  it("is said at start, with the span the prune deletes", async () => {
    const log = await startAndReadLog(`${dir.path}/data`, 60_000);
    const lines = retentionLines(log);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, oldestRecorded: new Date(importedAt).toISOString() }),
    ]);
    expect(lines[0]!.msg).toBe(
      `events are kept for 1 minute (--events-retention): those recorded from ${lines[0]!.oldestRecorded} to ${lines[0]!.oldestKept} are older and are deleted within the hour`,
    );
  });
});

describe("a retention longer than the calendar (tests keep everything with the largest number)", () => {
  let dir: ScratchDirectory;
  beforeAll(async () => {
    dir = await createScratchDirectory("retention-forever");
    const store = await openStore(`${dir.path}/data`);
    const importedAt = Date.now() - day;
    await store.sql.query("UPDATE event_clock SET recorded_until = $1", [importedAt - 60_000]);
    await importDatasetAt(store, createDemoDataset({ equipmentCount: 5, now: importedAt }), importedAt);
    await store.close();
  });
  afterAll(() => dir?.remove());

  it("says a retention longer than the calendar keeps everything, with no first instant kept", async () => {
    const log = await startAndReadLog(`${dir.path}/data`, Number.MAX_SAFE_INTEGER);
    const lines = retentionLines(log);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: expect.stringMatching(/; the oldest recorded is from /) }),
    ]);
    expect(lines[0]).not.toHaveProperty("oldestKept");
  });
});

describe("a store with no event recorded", () => {
  it("says the retention all the same", async () => {
    const log = await startAndReadLog("memory://", 90 * day);
    expect(retentionLines(log)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "events are kept for 90 days (--events-retention); none is recorded yet",
      }),
    ]);
  });
});
