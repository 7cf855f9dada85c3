import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importDataset, openStore } from "@wsafe/server";
import { dumpStore, type StoreDump } from "./dumpStore.js";
import type { Fixture } from "./fixture.js";

/** A fresh directory under the system's temporary folder, removed by `remove()`. */
export async function tempDirectory(label: string) {
  const path = await mkdtemp(join(tmpdir(), `wsafe-rel-${label}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Imports the fixture into the database (an embedded-store directory or a PostgreSQL
 * URL), closes it again so a server process can own it, and returns its dump.
 */
export async function seedDatabase(database: string, fixture: Fixture): Promise<StoreDump> {
  const store = await openStore(database);
  try {
    await importDataset(store, fixture.dataset);
    return await dumpStore(store);
  } finally {
    await store.close();
  }
}

/** Opens the database, dumps every table, closes it. */
export async function dumpDatabase(database: string): Promise<StoreDump> {
  const store = await openStore(database);
  try {
    return await dumpStore(store);
  } finally {
    await store.close();
  }
}
