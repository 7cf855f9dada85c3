#!/usr/bin/env node
// Makes a template store with a built @wsafe/server's own code, so a template holds
// exactly what the server would have made itself on first open: the server's
// `openStore` creates and migrates the store (a directory for PGlite, or a PostgreSQL
// database URL), and for `demo` imports the demo dataset as `wsafe serve --demo` does
// into an empty store; an embedded one then keeps a smaller buffer cache (see below),
// its one setting of its own. Run in a process of its own: the embedded store is created by
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
  // An embedded store zeroes its whole buffer cache (PostgreSQL's shared_buffers, 128 MB by
  // default) each time it is opened: half a second of CPU of the 0.8 s an open costs, paid
  // by every test that starts a server or a command on a copy. A test's store holds a few
  // MB, so its copies keep 16 MB: the setting lives in the cluster (postgresql.auto.conf),
  // so every process that opens a copy, in-process or spawned, starts with it.
  if (store.sql?.kind === "pglite") await store.sql.exec("ALTER SYSTEM SET shared_buffers = '16MB'");
} finally {
  await store.close();
}
