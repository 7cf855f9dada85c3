// The fan-out workload's import, run by a server child in its own process when asked over
// IPC: the embedded store (PGlite) belongs to the server's process and cannot be opened by
// another, so an import while it serves has to run there. The reply carries the import's
// start and end as absolute milliseconds (comparable with the readers' process) and the
// events it recorded.
import { readFileSync } from "node:fs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

/**
 * Answers `{ type: "import", file, at }` with `{ type: "imported", startedAt, endedAt, events }`
 * (or `{ type: "imported", error }`), importing the dataset in `file` into `store()` as if
 * at the instant `at` (`importDatasetAt`: the store's clock, so that two copies of a store
 * record the very same events).
 *
 * @param {() => Promise<any>} store - the store the process holds
 */
export function importOnRequest(store) {
  process.on("message", async (/** @type {any} */ message) => {
    if (message?.type !== "import") return;
    try {
      const entry = serverLocation().entryUrl;
      const { importDatasetAt } = await import(new URL("./testing.js", entry).href);
      const dataset = JSON.parse(readFileSync(message.file, "utf8"));
      const target = await store();
      const startedAt = performance.timeOrigin + performance.now();
      const summary = await importDatasetAt(target, dataset, message.at);
      const endedAt = performance.timeOrigin + performance.now();
      process.send?.({ type: "imported", startedAt, endedAt, events: summary.events });
    } catch (error) {
      process.send?.({ type: "imported", error: String(error) });
    }
  });
}
