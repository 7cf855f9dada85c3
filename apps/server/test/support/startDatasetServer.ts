import {
  type ScratchDatabase,
  seedDatabase,
  startTestServer,
  type TestServer,
  testCertificate,
} from "@wsafe/test-support";
import { importDataset } from "../../src/import/importDataset.js";
import type { RunningServer, ServerOptions } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { openStore } from "../../src/store/openStore.js";

/** A running server (this process, this source) on a fresh database that holds exactly the given datasets. */
export type DatasetServer = TestServer<RunningServer>;

/**
 * Imports the datasets, in order, into a fresh database, then starts a real HTTPS
 * server on it (any free port, the shared test certificate unless `options` says
 * otherwise), in this process and from this package's source: the
 * shared launcher's lifecycle (`startTestServer` of `@wsafe/test-support`) with the
 * server under test. Unlike `startFixtureServer`, nothing else is imported: the suites
 * that compare every answer with a reference need a store whose whole content they know.
 *
 * @param createDatabase - makes the fresh database (an entry of `testStores`)
 * @param datasets - what the store holds (Dataset documents, each checked by the import)
 * @param options - more server options (the rate limit is one no suite reaches)
 */
export function startDatasetServer(
  createDatabase: () => Promise<ScratchDatabase>,
  datasets: readonly unknown[],
  options: ServerOptions = {},
): Promise<DatasetServer> {
  return startTestServer({
    createDatabase,
    seed: (database) => seedDatabase({ openStore, importDataset }, database, ...datasets),
    start: async (database) =>
      startServer({
        port: 0,
        database,
        rateLimit: { points: 1_000_000, durationSeconds: 60 },
        ...(options.http ? {} : { tls: await testCertificate() }),
        ...options,
      }),
    stop: (server) => server.close(),
  });
}
