import { join } from "node:path";
import type { StoreDump } from "./dumpStore.js";
import type { Fixture } from "./fixture.js";
import { launchServer, type ServerProcess, type SpawnOptions } from "./serverProcess.js";
import { createTestDatabase, postgresUrl, type TestDatabase } from "./services.js";
import { seedDatabase, tempDirectory } from "./tempStore.js";

/** A database holding a fixture: this suite's own PostgreSQL database, else an embedded store. */
export interface FixtureDatabase {
  /** What `--database` / `database` takes. */
  url: string;
  kind: "PostgreSQL" | "embedded";
  /** The dump right after seeding. */
  seeded: StoreDump;
  /** A scratch directory for logs and files, removed with the database. */
  directory: string;
  /** The PostgreSQL database, when that is what it is. */
  postgres: TestDatabase | undefined;
  remove(): Promise<void>;
}

/**
 * Seeds a fixture into a fresh database: PostgreSQL when the services run (quick to
 * start, what production uses), the embedded store in a temporary directory otherwise.
 */
export async function createFixtureDatabase(label: string, fixture: Fixture): Promise<FixtureDatabase> {
  const scratch = await tempDirectory(label);
  const postgres = postgresUrl ? await createTestDatabase(label) : undefined;
  const url = postgres ? postgres.url : join(scratch.path, "data");
  const seeded = await seedDatabase(url, fixture);
  return {
    url,
    kind: postgres ? "PostgreSQL" : "embedded",
    seeded,
    directory: scratch.path,
    postgres,
    async remove() {
      await postgres?.drop();
      await scratch.remove();
    },
  };
}

/** Starts this suite's launcher on a fixture database. */
export function launchOn(
  database: FixtureDatabase,
  serverOptions: object = {},
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  return launchServer({ port: 0, database: database.url, ...serverOptions }, options);
}

/** A launcher server on a fresh fixture database, and how to get rid of both. */
export interface FixtureServer {
  server: ServerProcess;
  database: FixtureDatabase;
  stop(): Promise<void>;
}

/** Seeds `fixture` into a fresh database and starts this suite's launcher on it. */
export async function startFixtureServer(
  label: string,
  fixture: Fixture,
  serverOptions: object = {},
): Promise<FixtureServer> {
  const database = await createFixtureDatabase(label, fixture);
  try {
    const server = await launchOn(database, serverOptions);
    return {
      server,
      database,
      async stop() {
        await server.stop();
        await database.remove();
      },
    };
  } catch (error) {
    await database.remove();
    throw error;
  }
}
