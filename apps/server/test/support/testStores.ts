import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** The PostgreSQL server of the tests (scripts/services.sh prints it), if any. */
export const postgresUrl = process.env.WSAFE_TEST_DATABASE_URL;
/** The Redis server of the tests, if any. */
export const redisUrl = process.env.WSAFE_TEST_REDIS_URL;

if (!postgresUrl) {
  console.warn(
    "\n!!! WSAFE_TEST_DATABASE_URL is not set: every PostgreSQL test is SKIPPED. Run `bash scripts/services.sh` and export what it prints.\n",
  );
}

/** A fresh database for one test file, and how to throw it away. */
export interface TestDatabase {
  /** What `--database` / `database:` takes. */
  database: string;
  drop(): Promise<void>;
}

/** Creates a fresh PostgreSQL database on the test server (never reuses one). */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) throw new Error("WSAFE_TEST_DATABASE_URL is not set");
  const name = `wsafe_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    database: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Creates a fresh embedded store directory. */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), "wsafe-test-"));
  return { database: join(directory, "data"), drop: () => rm(directory, { recursive: true, force: true }) };
}

/** The two stores every end-to-end suite runs against. */
export const testStores = [
  { name: "PGlite (embedded)", skip: false, create: createPgliteDatabase },
  { name: "PostgreSQL", skip: !postgresUrl, create: createPostgresDatabase },
] as const;
