// A reader that stops reading while 30 000 events of its account are recorded, on both
// stores: its stream holds at most its buffer of events (then says it fell behind and
// reads on from the store after the last event it sent), and once the reader reads again
// it gets every event exactly once, in recording order. Before, the server queued every
// event for it in memory (105 -> 263 MiB over three imports of 125 000). The memory
// itself is measured by streamMemory.test.ts (under 2 MiB) and by the bench.
import { defaultEventTypes } from "@wsafe/schema";
import { createBulkDataset, eventually, type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { storeOf } from "../src/testing.js";
import { type CapturedLog, captureLog } from "./support/captureLog.js";
import { openPausableStream } from "./support/pausableStream.js";

const token = "bulk-stream-token-000000000001";
/**
 * Two schedules and the equipment itself appear for each equipment: three events each.
 * 30 000 events are about 11 MB of messages, past what the sockets of loopback hold
 * for a reader that stopped (a few MB), so the stream's own buffer must overflow.
 */
const EQUIPMENTS = 10_000;
const BUFFERED = 200;

describe.each(testStores)("a stream whose reader stops reading, on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  let log: CapturedLog;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    log = captureLog();
    server = await startServer({
      port: 0,
      database: db.database,
      logger: log.logger,
      streams: { bufferedEvents: BUFFERED },
    });
    const { dataset } = createBulkDataset(0);
    await importDataset(storeOf(server), { ...dataset, tokens: [{ token, account_id: "acc_bulk" }] });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "holds at most its buffer, reads on from the store, and sends every event once, in order",
    async () => {
      const stream = await openPausableStream(server.url, token);
      const opened = () => log.lines.some((line) => line.msg === "stream opened");
      await eventually(opened, "the stream is open");
      // The reader now reads nothing until the import is done: the socket fills, then the stream's buffer.
      const { dataset } = createBulkDataset(EQUIPMENTS);
      const { events: recorded } = await importDataset(storeOf(server), dataset);
      expect(recorded).toBe(EQUIPMENTS * 3);
      const behind = () => log.lines.filter((line) => String(line.msg).includes("fell"));
      await eventually(() => behind().length > 0, "the stream dropped its buffer");
      expect(behind()[0]!.msg).toBe(
        `stream's reader fell ${BUFFERED} events behind; reading on from the store after the last event sent`,
      );
      await stream.readUntil(() => stream.events.length >= recorded);
      stream.close();
      const ids = stream.events.map(({ id }) => id);
      expect(new Set(ids).size).toBe(recorded);
      expect(stream.events.map(({ event }) => event.id)).toEqual(ids);
      const sequences = stream.events.map(({ event }) => event.sequence!);
      expect(sequences.every((sequence, i) => i === 0 || sequence > sequences[i - 1]!)).toBe(true);
      const [row] = await storeOf(server).sql.query<{ count: string }>(
        // The status transitions, which a stream that names no type gets (and the import counts
        // apart from its record events).
        "SELECT count(*)::text AS count FROM events WHERE account_id = 'acc_bulk' AND type = ANY($1::text[])",
        [defaultEventTypes],
      );
      expect(Number(row!.count)).toBe(recorded);
    },
    240_000,
  );
});
