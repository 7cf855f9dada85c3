import { importDataset, openStore } from "@wsafe/server";
import { seedDatabase, type TenantFixture } from "@wsafe/test-support";
import { dumpStore, type StoreDump } from "./dumpStore.js";

/** Opens the database (an embedded-store directory or a PostgreSQL URL), dumps every table, closes it. */
export async function dumpDatabase(database: string): Promise<StoreDump> {
  const store = await openStore(database);
  try {
    return await dumpStore(store);
  } finally {
    await store.close();
  }
}

/**
 * Imports the fixture into the database, closes it again so a server process can own
 * it, and returns its dump: what a test compares the store with after a fault.
 */
export async function seedAndDump(database: string, fixture: TenantFixture): Promise<StoreDump> {
  await seedDatabase({ openStore, importDataset }, database, fixture.dataset);
  return dumpDatabase(database);
}
