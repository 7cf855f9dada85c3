import {
  createPgliteDatabase,
  createPostgresDatabase,
  createScratchDirectory,
  launchServer,
  type PostgresScratchDatabase,
  postgresUrl,
  type ScratchDatabase,
  type ServerProcess,
  type ServerProcessOptions,
  serveCli,
  startTestServer,
  type TenantFixture,
  type TestServer,
  writeCertificateFiles,
} from "@wsafe/test-support";
import type { StoreDump } from "./dumpStore.js";
import { seedAndDump } from "./seededDump.js";

/** A throwaway database holding a fixture, with its dump and a scratch directory beside it. */
export interface FixtureDatabase extends ScratchDatabase {
  /** The dump right after seeding. */
  seeded: StoreDump;
  /** A scratch directory for logs and files, removed with the database. */
  directory: string;
  /** The PostgreSQL database, when that is what it is (to end its connections). */
  postgres: PostgresScratchDatabase | undefined;
}

/**
 * Seeds a fixture into a fresh database (`@wsafe/test-support`'s throwaway databases):
 * PostgreSQL when the services run (quick to start, what production uses), the
 * embedded store otherwise.
 */
export async function createFixtureDatabase(label: string, fixture: TenantFixture): Promise<FixtureDatabase> {
  const postgres = postgresUrl ? await createPostgresDatabase(`rel_${label}`) : undefined;
  const scratch = postgres ? await createScratchDirectory(`rel-${label}`) : undefined;
  const embedded = postgres ? undefined : await createPgliteDatabase(`rel-${label}`);
  const drop = async () => {
    await postgres?.drop();
    await scratch?.remove();
    await embedded?.drop();
  };
  try {
    const { kind, database } = (postgres ?? embedded)!;
    const seeded = await seedAndDump(database, fixture);
    return { kind, database, drop, seeded, directory: scratch?.path ?? embedded!.directory, postgres };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Starts the shared launcher (`launchServer` of `@wsafe/test-support`) on a fixture database. */
export function launchOn(
  db: ScratchDatabase,
  serverOptions: object = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  return launchServer({ port: 0, database: db.database, ...serverOptions }, options);
}

/**
 * Starts `wsafe serve` on a fixture database through the command line, as an operator
 * does: a free port, HTTPS with the test certificate (its files in the database's
 * scratch directory, which is also the working directory), then `args`
 * (`--rate-limit`, `--shutdown-timeout`...).
 *
 * @example
 * const server = await serveOn(db, ["--rate-limit", "30/60s"], { logFile });
 */
export async function serveOn(
  db: FixtureDatabase,
  args: readonly string[] = [],
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const { serveArgs } = await writeCertificateFiles(db.directory);
  return serveCli(["--port", "0", "--database", db.database, ...serveArgs, ...args], {
    cwd: db.directory,
    ...options,
  });
}

/**
 * Seeds `fixture` into a fresh database and starts the shared launcher on it; `stop()`
 * stops the server and drops the database (`startTestServer` of `@wsafe/test-support`).
 */
export function startFixtureServer(
  label: string,
  fixture: TenantFixture,
  serverOptions: object = {},
): Promise<TestServer<ServerProcess>> {
  return startTestServer({
    createDatabase: () => createFixtureDatabase(label, fixture),
    start: (database) => launchServer({ port: 0, database, ...serverOptions }),
    stop: (server) => server.stop(),
  });
}
