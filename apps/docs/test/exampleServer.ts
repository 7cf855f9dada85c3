// A real server holding the demo data dated at `exampleInstant`, which every answer the
// pages show comes from. The demo dates its data around the moment it imports it; here
// the import counts as a day before that instant (`@wsafe/server/testing`), so that the
// events of the days after it are the examples': expected while those days lie ahead,
// recorded once they passed, with the same ids. The server keeps events for good, so a
// window of the examples never falls out of its retention as time passes.
import type * as wsafeServer from "@wsafe/server";
import {
  createPgliteDatabase,
  type InProcessServer,
  type ServerModule,
  startTestServer,
  type TestServer,
} from "@wsafe/test-support";
import { exampleInstant } from "../src/generate/exampleInstant.js";

/** A day (ms): the import of the example data counts as this long before `exampleInstant`. */
export const day = 86_400_000;

/** When the example data is imported: the events of `exampleInstant` are time events. */
export const exampleImportedAt = exampleInstant - day;

/**
 * Starts the server, on a fresh PGlite database, over plain HTTP on a free port.
 *
 * @param server - the built server, as `loadServer` gives it
 * @param label - names the database folder
 */
export function startExampleServer(
  server: ServerModule,
  label: string,
): Promise<TestServer<InProcessServer>> {
  const { createDemoDataset, openStore } = server as unknown as typeof wsafeServer;
  return startTestServer({
    createDatabase: () => createPgliteDatabase(label),
    async seed(database) {
      const { importDatasetAt } = await import("@wsafe/server/testing");
      const store = await openStore(database);
      await importDatasetAt(store, createDemoDataset({ now: exampleInstant }), exampleImportedAt);
      await store.close();
    },
    start: (database) =>
      server.startServer({ port: 0, database, http: true, eventsRetentionMs: Number.MAX_SAFE_INTEGER }),
    stop: (running) => running.close(),
  });
}

/**
 * The body with every non-empty `next_cursor` replaced by one placeholder (cursors are
 * signed per server), and each event without what depends on when it is asked
 * (`expected`, `sequence`).
 */
export function comparable(body: unknown): unknown {
  const {
    response_metadata: meta,
    events,
    ...rest
  } = body as {
    response_metadata?: { next_cursor: string };
    events?: Record<string, unknown>[];
  };
  return {
    ...rest,
    ...(events ? { events: events.map(({ expected: _e, sequence: _s, ...event }) => event) } : {}),
    ...(meta ? { response_metadata: { next_cursor: meta.next_cursor && "(a cursor)" } } : {}),
  };
}
