// A stop with streams open, on both stores: the server ends every open events.stream at
// once (no `return` message, so each client resumes), lets what is in flight finish and
// closes well inside its deadline; a server started again on the same port and store
// serves the readers' resumptions, after the last event each got: nothing missed,
// nothing twice. Before, one open stream held the stop for the whole deadline, which then
// cut it and failed (`wsafe serve` exited 1).
import type { Event } from "@wsafe/schema";
import { eventually, freePort, type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { storeOf } from "../src/testing.js";
import { createSelfSignedCertificate } from "../src/tls/createSelfSignedCertificate.js";
import { callMethod } from "./support/callApi.js";
import { soonToken } from "./support/soonDataset.js";
import { importSoonScene } from "./support/soonScene.js";
import { followWithEventSource, followWithTrpc, type StreamReading } from "./support/streamClients.js";

const FIRST_IN_MS = 4_000;
const SECOND_AFTER_MS = 6_000;
/** What listing the expected events and opening both readers needs before the first instant. */
const ROOM_TO_FOLLOW_MS = 2_000;
// Long enough that a stop held by its streams would show: it would take this, then fail.
const SHUTDOWN_TIMEOUT_MS = 20_000;
const certificate = createSelfSignedCertificate();

describe.each(testStores)("stopping with open streams on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let port: number;
  let server: RunningServer | undefined;
  const readers: StreamReading[] = [];
  const start = async () => {
    const { cert, key } = await certificate;
    server = await startServer({
      port,
      database: db.database,
      tls: { cert, key },
      shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
      logger: false,
    });
    return server;
  };

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    port = await freePort();
  }, 60_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.close().catch(() => {});
    await db?.drop();
  });

  it.skipIf(skip)(
    "ends every stream at once, finishes in time, and each client resumes after its last event on the next server",
    async () => {
      const first = await start();
      // On a busy machine the embedded store's import took more than the 4 s lead:
      // imported again with twice the lead until it leaves room to follow.
      const { expiringAt, expiredAt } = await importSoonScene(storeOf(first), {
        accounts: 1,
        firstInMs: FIRST_IN_MS,
        secondAfterMs: SECOND_AFTER_MS,
        roomMs: ROOM_TO_FOLLOW_MS,
      });
      const token = soonToken(0);
      const expected = (
        await callMethod(first.url, "POST", "events.list", { token, from: Date.now(), to: expiredAt })
      ).body.events as Event[];
      expect(expected).toHaveLength(4);
      const trpc = followWithTrpc(first.url, { token });
      const plain = followWithEventSource(first.url, { token });
      readers.push(trpc, plain);
      await eventually(
        () => trpc.events.length >= 2 && plain.events.length >= 2,
        "the first instant's events",
        {
          timeoutMs: expiringAt - Date.now() + 8_000,
        },
      );
      expect(Date.now(), "stopped before the second instant").toBeLessThan(expiredAt - 1_000);

      const stopping = performance.now();
      // Rejects with a ShutdownTimeoutError when the streams hold it to the deadline.
      await first.close();
      const stopMs = performance.now() - stopping;
      expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      server = undefined;

      // The next server on the same port and store: each reader reconnects by itself,
      // sending the id of the last event it got.
      await start();
      await eventually(
        () => trpc.events.length >= 4 && plain.events.length >= 4,
        "the events after the stop",
        {
          timeoutMs: expiredAt - Date.now() + 10_000,
        },
      );
      for (const reading of [trpc, plain]) {
        expect(reading.error).toBeUndefined();
        expect(reading.events.map((event) => event.id).sort()).toEqual(
          expected.map((event) => event.id).sort(),
        );
        const sequences = reading.events.map((event) => event.sequence!);
        expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
      }
      expect(plain.events).toEqual(trpc.events);
    },
    90_000,
  );
});
