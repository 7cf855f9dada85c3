#!/usr/bin/env node
// The built server in a process of its own whose memory a test reads without the garbage
// a run leaves behind: started with --expose-gc, it answers over IPC
// - `{ type: "memory" }` with `{ type: "memory", heapUsed, external, arrayBuffers, rss }`
//   read after full collections (two: what the first frees can let a second free more);
// - `{ type: "import", file }` with `{ type: "imported", events }` (or `error`), having
//   imported the dataset in `file` into its own store: the embedded store belongs to this
//   process, so an import while it serves runs here.
// Usage: node --expose-gc measuredServer.mjs <server directory> '<ServerOptions as JSON>'
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [directory = "", json = "{}"] = process.argv.slice(2);
const dist = (/** @type {string} */ file) => pathToFileURL(join(directory, "dist", file)).href;
const { startServer, importDataset } = await import(dist("index.js"));
const { storeOf } = await import(dist("testing.js"));
const { gc } = /** @type {{ gc?: () => void }} */ (globalThis);
if (!gc) throw new Error("measuredServer.mjs needs node --expose-gc");

const server = await startServer(JSON.parse(json));

/** @param {any} message */
async function answer(message) {
  if (message?.type === "memory") {
    gc();
    // A collection's finalizers and weak references settle on a later turn.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
    return { type: "memory", heapUsed, external, arrayBuffers, rss };
  }
  if (message?.type === "import") {
    try {
      const summary = await importDataset(storeOf(server), JSON.parse(readFileSync(message.file, "utf8")));
      return { type: "imported", events: summary.events };
    } catch (error) {
      return { type: "imported", error: String(error) };
    }
  }
  return { type: "unknown" };
}

process.on("message", (message) => {
  void answer(message).then((reply) => process.send?.(reply));
});
process.on("disconnect", () => void server.close().finally(() => process.exit(0)));
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => void server.close().finally(() => process.exit(0)));
console.log(`listening on ${server.url}`);
