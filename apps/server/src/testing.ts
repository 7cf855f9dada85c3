/**
 * `@wsafe/server/testing`: what tests and demos of a timeline need, and a service never
 * does. Statuses change with time, and events record when they did, so a suite that shows
 * events on fixed dates must place its data on those dates.
 *
 * @packageDocumentation
 */
import { importCheckedDataset } from "./import/importDataset.js";
import type { RunningServer } from "./server/ServerOptions.js";
import { storesOfServers } from "./server/storesOfServers.js";
import { checkDatasetShape } from "./store/dataset/checkDatasetShape.js";
import type { Store } from "./store/Store.js";

export type { ImportOptions, ImportSummary } from "./import/importDataset.js";

/**
 * Imports a dataset as `importDataset` does, but as if at the instant `at`: its events'
 * `occurred_at`, and the event clock moved there. A later `at` than now records the time
 * events up to it at once, from the data as it stands, as if that time had passed: for a
 * test or a demo on dates of its own, never for a service's store. On a store that has
 * recorded no event yet, an earlier `at` than its clock moves the clock back to `at`: a
 * store's clock starts when the store was made (a template store: the day the suite ran),
 * and a timeline placed on fixed dates must not depend on that day. On a store with a
 * history, an earlier `at` counts as the clock's instant, as for any import.
 *
 * @param store - the open store
 * @param input - the decoded JSON document (validated here) or a dataset
 * @param at - the import's instant (ms since the epoch)
 * @example
 * import { createDemoDataset, openStore } from "@wsafe/server";
 * import { importDatasetAt } from "@wsafe/server/testing";
 * const store = await openStore("memory://");
 * const day = Date.UTC(2026, 11, 1);
 * await importDatasetAt(store, createDemoDataset({ now: day }), day - 86_400_000);
 */
export async function importDatasetAt(store: Store, input: unknown, at: number) {
  await store.sql.query(
    `UPDATE event_clock SET recorded_until = $1::bigint
      WHERE recorded_until > $1::bigint AND NOT EXISTS (SELECT 1 FROM events)
        AND NOT EXISTS (SELECT 1 FROM account_event_clocks)`,
    [at],
  );
  return importCheckedDataset(store, checkDatasetShape(input), {}, at);
}

/**
 * The store a server started in this process holds, for a test that imports while the
 * server runs: the embedded store belongs to the server's process and cannot be opened
 * twice, and data whose statuses change seconds ahead must be imported once the server
 * is up, not before.
 *
 * @param server - what `startServer` answered, in this process
 * @throws when the server was not started in this process, or has stopped
 * @example
 * const server = await startServer({ port: 0, database: "memory://" });
 * await importDataset(storeOf(server), dataset);
 */
export function storeOf(server: RunningServer): Store {
  const store = storesOfServers.get(server);
  if (!store) throw new Error("storeOf: a server started by startServer in this process is needed");
  return store;
}
