import type { RunningServer, ServerOptions } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { importDataset } from "../../src/store/importDataset.js";
import { openStore } from "../../src/store/openStore.js";
import type { TestDatabase } from "./testStores.js";

/** A running server on a fresh database that holds exactly the given datasets. */
export interface DatasetServer {
  server: RunningServer;
  url: string;
  db: TestDatabase;
  stop(): Promise<void>;
}

/**
 * Imports the datasets, in order, into a fresh database, then starts a real HTTPS
 * server on it (any free port). Unlike `startTestServer`, nothing else is imported:
 * the suites that compare every answer with a reference need a store whose whole
 * content they know.
 *
 * @param createDatabase - makes the fresh database (PGlite directory or PostgreSQL)
 * @param datasets - what the store holds (Dataset documents, each checked by the import)
 * @param options - more server options
 */
export async function startDatasetServer(
  createDatabase: () => Promise<TestDatabase>,
  datasets: readonly unknown[],
  options: ServerOptions = {},
): Promise<DatasetServer> {
  const db = await createDatabase();
  try {
    const store = await openStore(db.database);
    try {
      for (const dataset of datasets) await importDataset(store, dataset);
    } finally {
      await store.close();
    }
    const server = await startServer({
      port: 0,
      database: db.database,
      rateLimit: { points: 1_000_000, durationSeconds: 60 },
      ...options,
    });
    return {
      server,
      url: server.url,
      db,
      async stop() {
        await server.close();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
