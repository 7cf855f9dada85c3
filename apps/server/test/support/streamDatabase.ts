import {
  createStreamFixture,
  type ScratchDatabase,
  streamTypes as streamTypesAround,
  type TestStore,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { importDataset } from "../../src/import/importDataset.js";
import { openStore } from "../../src/store/openStore.js";
import { equipmentsChunkSize } from "../../src/store/Store.js";

/** More than the PostgreSQL pool's 10 connections: a leak per read would hang the last ones. */
export const moreThanThePool = 12;

/** The stream fixture's equipment types, sized around the store's chunk of records. */
export const streamTypes = streamTypesAround(equipmentsChunkSize);

/**
 * A scratch database holding the stream fixture (lists of none, one chunk, one record
 * more, several chunks and a large one), for the streamed `equipments.list` suites.
 *
 * @param create - the scratch database maker of one of `testStores`
 */
export async function createStreamDatabase(create: () => Promise<ScratchDatabase>): Promise<ScratchDatabase> {
  const db = await create();
  const store = await openStore(db.database);
  try {
    await importDataset(store, createStreamFixture(Date.now(), equipmentsChunkSize));
  } finally {
    await store.close();
  }
  return db;
}

/**
 * The PostgreSQL backends that hold a list's read open: a transaction idle between two
 * statements, or a COPY that waits for the server to read on (PostgreSQL streams a
 * whole list as one binary COPY, blocked while the client does not read).
 *
 * @param database - the `postgres://` URL of the scratch database
 */
export async function backendsHoldingARead(database: string): Promise<{ pid: number; query: string }[]> {
  return asAdmin(database, `SELECT pid, query FROM pg_stat_activity WHERE ${holdingARead}`);
}

/**
 * Ends the backends that hold a list's read open, in the statement that finds them: a
 * COPY seen blocked by one statement may have sent its last row by the next (a fresh
 * connection later, under load), and a backend ended after that no longer fails a list.
 *
 * @param database - the `postgres://` URL of the scratch database
 * @returns the backends ended
 */
export async function endBackendsHoldingARead(database: string): Promise<{ pid: number }[]> {
  // MATERIALIZED: PostgreSQL may test a WHERE's conditions in any order, and so end this
  // very connection before it tests `pid <> pg_backend_pid()`.
  return asAdmin(
    database,
    `WITH found AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE ${holdingARead})
     SELECT pid FROM found WHERE pg_terminate_backend(pid)`,
  );
}

const holdingARead = `datname = current_database() AND pid <> pg_backend_pid()
  AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE 'COPY (%'))`;

async function asAdmin<Row extends object>(database: string, text: string): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: database });
  await admin.connect();
  try {
    return (await admin.query<Row>(text)).rows;
  } finally {
    await admin.end();
  }
}

/** The stream database of one store's suite, once its `beforeAll` ran. */
export interface StreamSuite {
  /** The scratch database with the stream fixture. */
  readonly database: string;
  /** Whether the store is PostgreSQL (where the backends can be watched). */
  readonly onPostgres: boolean;
  /** The backends that hold a list's read open ({@link backendsHoldingARead}). */
  backendsInTransaction(): Promise<{ pid: number; query: string }[]>;
  /** Ends those backends in the statement that finds them ({@link endBackendsHoldingARead}). */
  endBackendsInTransaction(): Promise<{ pid: number }[]>;
}

/**
 * Registers, in the calling `describe`, the hooks that create the stream database of
 * one of `testStores` before its tests and drop it after them.
 *
 * @param testStore - the store of `describe.each(testStores)`
 */
export function useStreamDatabase({ name, skip, create }: TestStore): StreamSuite {
  let db: ScratchDatabase | undefined;
  beforeAll(async () => {
    if (!skip) db = await createStreamDatabase(create);
  });
  afterAll(async () => {
    await db?.drop();
  });
  const database = () => {
    if (!db) throw new Error("the stream database is made in beforeAll");
    return db.database;
  };
  return {
    get database() {
      return database();
    },
    onPostgres: name === "PostgreSQL",
    backendsInTransaction: () => backendsHoldingARead(database()),
    endBackendsInTransaction: () => endBackendsHoldingARead(database()),
  };
}
