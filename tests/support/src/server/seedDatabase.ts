import type { ServerModule } from "./loadServer.js";

/**
 * Imports datasets into a database, in order, and closes it again so a server (in
 * this process or another) can own it. The server's own `openStore` and
 * `importDataset` do the work: its source in the server's suite, its build elsewhere.
 *
 * @param server - where `openStore` and `importDataset` come from
 * @param database - a PostgreSQL URL or an embedded store's directory
 * @param datasets - Dataset documents, imported one after the other (the import checks each)
 * @example
 * import { createFixture, seedDatabase } from "@wsafe/test-support";
 * await seedDatabase({ openStore, importDataset }, db.database, createFixture(Date.now()).dataset);
 */
export async function seedDatabase(
  server: Pick<ServerModule, "openStore" | "importDataset">,
  database: string,
  ...datasets: readonly unknown[]
): Promise<void> {
  const store = await server.openStore(database);
  try {
    for (const dataset of datasets) await server.importDataset(store, dataset);
  } finally {
    await store.close();
  }
}
