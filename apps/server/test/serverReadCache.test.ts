import { createPostgresDatabase, postgresUrl } from "@wsafe/test-support";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startServer } from "../src/server/startServer.js";
import { LISTENER_APPLICATION_NAME } from "../src/store/database/listenPostgres.js";

/** Sessions of the database that listen: one per server, for every channel it listens on. */
async function listeningSessions(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [LISTENER_APPLICATION_NAME],
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

// The store's own tests (readCache.test.ts) drive the cache directly; this checks that a
// started server turns it on, with or without metrics (a regression once left it off),
// and that whatever a server listens for (changes, recorded events) shares one session.
describe.skipIf(!postgresUrl)("the read cache of a started server", () => {
  it("listens on one session per server, with or without the read cache and metrics", async () => {
    const db = await createPostgresDatabase();
    try {
      const cases = [
        { options: { readCache: false }, sessions: 1 },
        { options: {}, sessions: 1 },
        { options: { metricsPort: 0 }, sessions: 1 },
      ];
      const seen: number[] = [];
      for (const { options } of cases) {
        const server = await startServer({ port: 0, database: db.database, http: true, ...options });
        try {
          seen.push(await listeningSessions(db.database));
        } finally {
          await server.close();
        }
        // The next case counts only its own server's session.
        while ((await listeningSessions(db.database)) > 0)
          await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toEqual(cases.map((entry) => entry.sessions));
    } finally {
      await db.drop();
    }
  });
});
