import type { Store } from "../store/Store.js";
import { fail } from "./cliArguments.js";
import { describeError } from "./describeError.js";
import { migrationLines } from "./migrationLines.js";
import { say } from "./say.js";

/**
 * Opens the store for one command, runs `work` on it and closes it, whatever `work` does.
 * A store that cannot be opened ends the command with what to do about it.
 *
 * @param database - `--database` as given
 * @param work - what the command does with the store
 * @example
 * const done = await withStore(options.database, (store) => store.revokeToken(token));
 */
export async function withStore<T>(database: string, work: (store: Store) => Promise<T>): Promise<T> {
  let store: Store;
  try {
    // Loaded here: `--help` and `--version` need no store (about 1 s of CPU less each).
    const { openStore } = await import("../store/openStore.js");
    store = await openStore(database);
  } catch (error) {
    fail(describeError(error, database));
  }
  for (const line of migrationLines(store.migrations)) say(line);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
