#!/usr/bin/env node
// Makes a template store with a built @wsafe/server's own code, so a template holds
// exactly what the server would have made itself on first open: the server's
// `openStore` creates and migrates the store (a directory for PGlite, or a PostgreSQL
// database URL), and for `demo` imports the demo dataset as `wsafe serve --demo` does
// into an empty store. Run in a process of its own: the embedded store is created by
// WebAssembly (initdb), and it is closed here before anyone copies it.
// Usage: node make-store-template.mjs <server directory> <directory or URL> <migrated|demo>
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [directory, database, kind] = process.argv.slice(2);
if (!directory || !database || (kind !== "migrated" && kind !== "demo")) {
  console.error("usage: make-store-template.mjs <server directory> <directory or URL> <migrated|demo>");
  process.exit(2);
}
const server = await import(pathToFileURL(join(directory, "dist", "index.js")).href);
const store = await server.openStore(database);
try {
  if (kind === "demo") await server.importDataset(store, server.createDemoDataset());
} finally {
  await store.close();
}
