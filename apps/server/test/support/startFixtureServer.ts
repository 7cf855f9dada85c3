import { createFixture, type Fixture, type ScratchDatabase } from "@wsafe/test-support";
import { createDemoDataset } from "../../src/demo/createDemoDataset.js";
import type { ServerOptions } from "../../src/server/ServerOptions.js";
import { type DatasetServer, startDatasetServer } from "./startDatasetServer.js";

/** A running test server, its fresh database and the fixture it was filled with. */
export interface FixtureServer extends DatasetServer {
  fixture: Fixture;
}

/**
 * Fills a fresh database with a small demo dataset and the shared fixture
 * (`createFixture` of `@wsafe/test-support`), then starts a real HTTPS server on it.
 *
 * @param createDatabase - makes the fresh database (an entry of `testStores`)
 * @param options - more server options
 */
export async function startFixtureServer(
  createDatabase: () => Promise<ScratchDatabase>,
  options: ServerOptions = {},
): Promise<FixtureServer> {
  const fixture = createFixture(Date.now());
  const server = await startDatasetServer(
    createDatabase,
    [createDemoDataset({ equipmentCount: 200 }), fixture.dataset],
    { rateLimit: { points: 100_000, durationSeconds: 60 }, ...options },
  );
  return { ...server, fixture };
}
