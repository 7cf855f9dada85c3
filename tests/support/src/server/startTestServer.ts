import type { ScratchDatabase } from "../databases/ScratchDatabase.js";

/** A running server and the fresh database under it, see {@link startTestServer}. */
export interface TestServer<S extends { url: string }> {
  /** What `start` returned: an in-process server or a server process. */
  server: S;
  url: string;
  db: ScratchDatabase;
  /** Stops the server, then drops its database. */
  stop(): Promise<void>;
}

/** How {@link startTestServer} gets its database, fills it and starts the server on it. */
export interface TestServerPlan<S extends { url: string }> {
  /** Makes the fresh database (an entry of `testStores`, `createPostgresDatabase`, ...). */
  createDatabase(): Promise<ScratchDatabase>;
  /** Fills it before the server starts (the server then finds it ready); closes what it opened. */
  seed?(database: string): Promise<void>;
  /** Starts the server on it: `startServer` in this process, or `launchServer`/`serveCli`. */
  start(database: string): Promise<S>;
  /** Stops what `start` returned. */
  stop(server: S): Promise<unknown>;
}

/**
 * The one life of a real test server: a fresh database, filled, a server started on
 * it, and on `stop()` the server stopped and the database dropped - the database is
 * dropped too when seeding or starting fails, so no run leaves one behind.
 *
 * @param plan - where the database comes from, what fills it, how the server starts and stops
 * @example
 * import { launchServer, startTestServer, testStores } from "@wsafe/test-support";
 * const t = await startTestServer({
 *   createDatabase: testStores[0].create,
 *   start: (database) => launchServer({ port: 0, database }),
 *   stop: (server) => server.stop(),
 * });
 * await fetch(`${t.url}/healthz`);
 * await t.stop();
 */
export async function startTestServer<S extends { url: string }>(
  plan: TestServerPlan<S>,
): Promise<TestServer<S>> {
  const db = await plan.createDatabase();
  try {
    await plan.seed?.(db.database);
    const server = await plan.start(db.database);
    return {
      server,
      url: server.url,
      db,
      async stop() {
        try {
          await plan.stop(server);
        } finally {
          await db.drop();
        }
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
