import { createDemoDataset } from "../../demo/createDemoDataset.js";
import { importDataset } from "../../import/importDataset.js";
import type { ServerOptions } from "../../server/ServerOptions.js";
import { openStore } from "../../store/openStore.js";
import { migrationLines } from "../migrationLines.js";
import { say } from "../say.js";

/**
 * What the primary of `--workers` does once before any worker opens the store: apply
 * pending migrations and, with `--demo`, import the demo dataset into an empty store.
 * Workers that each found the store empty would each import it, at once.
 *
 * @param options - the server's options (`database`, `listenDatabase`, `demo`)
 */
export async function prepareStore(options: ServerOptions): Promise<void> {
  const store = await openStore(options.database, {
    listenDatabase: options.listenDatabase,
    besideNewer: true,
  });
  // The workers find nothing left to apply: what was applied is said here.
  for (const line of migrationLines(store.migrations)) say(line);
  try {
    if (options.demo && (await store.isEmpty())) await importDataset(store, createDemoDataset());
  } finally {
    await store.close();
  }
}
