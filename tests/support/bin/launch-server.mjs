#!/usr/bin/env node
// Starts a built @wsafe/server in its own process with options the command line does
// not offer, prints the readiness line `wsafe serve` prints and stops gracefully on
// SIGTERM/SIGINT, like `wsafe serve`. The server is found by folder, not by package
// name, so this package needs no dependency on it (the server's tests depend on this one).
// Usage: node launch-server.mjs <server directory> '<ServerOptions as JSON>'
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [directory, json] = process.argv.slice(2);
const { startServer } = await import(pathToFileURL(join(directory, "dist", "index.js")).href);
const server = await startServer(JSON.parse(json ?? "{}"));
console.log(`listening on ${server.url}`);
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
// The parent holds stdin open; if it dies without a SIGTERM, do not linger.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
