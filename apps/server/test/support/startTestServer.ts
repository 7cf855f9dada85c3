import { createFixture, type Fixture } from "@wsafe/test-support";
import { createDemoDataset } from "../../src/demo/createDemoDataset.js";
import type { RunningServer, ServerOptions } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { importDataset } from "../../src/store/importDataset.js";
import { openStore } from "../../src/store/openStore.js";
import type { TestDatabase } from "./testStores.js";

/** A running test server, its fresh database and the fixture it was filled with. */
export interface TestServer {
  server: RunningServer;
  url: string;
  db: TestDatabase;
  fixture: Fixture;
  stop(): Promise<void>;
}

/**
 * Fills a fresh database with a small demo dataset and the fixture, then starts a real
 * HTTPS server on it (any free port).
 *
 * @param createDatabase - makes the fresh database (PGlite directory or PostgreSQL)
 * @param options - more server options
 */
export async function startTestServer(
  createDatabase: () => Promise<TestDatabase>,
  options: ServerOptions = {},
): Promise<TestServer> {
  const db = await createDatabase();
  const fixture = createFixture(Date.now());
  const store = await openStore(db.database);
  try {
    await importDataset(store, createDemoDataset({ equipmentCount: 200 }));
    await importDataset(store, fixture.dataset);
  } finally {
    await store.close();
  }
  const server = await startServer({
    port: 0,
    database: db.database,
    rateLimit: { points: 100_000, durationSeconds: 60 },
    ...options,
  });
  return {
    server,
    url: server.url,
    db,
    fixture,
    async stop() {
      await server.close();
      await db.drop();
    },
  };
}
