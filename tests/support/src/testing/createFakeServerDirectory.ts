import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// A stand-in for a built @wsafe/server: the same file layout (`dist/index.js`,
// `bin/wsafe.js`) and readiness line, a plain HTTP server behind it. The launchers'
// own tests run against it, so they need no server build; the suites that use the
// launchers run the real one.
const index = `
import { createServer } from "node:http";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
const migrations = fileURLToPath(new URL("../migrations/", import.meta.url));
// A store is a directory with store.json: the migrations applied, and whether the demo is in.
export async function openStore(database) {
  mkdirSync(database, { recursive: true });
  const file = join(database, "store.json");
  writeFileSync(file, JSON.stringify({ migrations: readdirSync(migrations).sort(), demo: false }));
  return {
    file,
    close: async () => {},
  };
}
export async function importDataset(store, dataset) {
  const state = JSON.parse(readFileSync(store.file, "utf8"));
  writeFileSync(store.file, JSON.stringify({ ...state, demo: dataset.demo === true }));
}
export function createDemoDataset() {
  return { demo: true };
}
export const demoTokens = { read: "r", write: "w", revoked: "x", inactiveAccount: "i", otherAccount: "o" };
export async function startServer(options = {}) {
  // The Node options of the process it runs in, for the launchers' tests.
  const server = createServer((request, response) =>
    response.setHeader("x-exec-argv", process.execArgv.join(" ")).end(JSON.stringify(options)),
  );
  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = "http://127.0.0.1:" + server.address().port;
  return { url, port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
`;
const cli = `
import { startServer } from "../dist/index.js";
const args = process.argv.slice(2);
if (args.includes("--fail")) { console.error("refused: --fail"); process.exit(2); }
if (args.includes("--exec-argv")) { console.log(process.execArgv.join(" ")); process.exit(0); }
const server = await startServer({ port: 0, args });
console.log("listening on " + server.url);
process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
`;

/**
 * Writes a fake server folder for the launchers' and templates' tests: `startServer`
 * answers every request with the options it was given, `wsafe serve --fail` exits with
 * code 2, and `openStore` makes a directory whose `store.json` names the migrations of
 * `migrations/` (`importDataset` of `createDemoDataset()` marks the demo in).
 */
export async function createFakeServerDirectory(): Promise<{ path: string; remove(): Promise<void> }> {
  // Not createScratchDirectory: the databases' own tests use this folder.
  const path = await mkdtemp(join(tmpdir(), "wsafe-fake-server-"));
  const directory = { path, remove: () => rm(path, { recursive: true, force: true }) };
  await mkdir(join(directory.path, "dist"));
  await mkdir(join(directory.path, "bin"));
  await mkdir(join(directory.path, "migrations"));
  await writeFile(join(directory.path, "migrations", "0001_initial.sql"), "CREATE TABLE t (id int);");
  await writeFile(join(directory.path, "package.json"), '{ "type": "module" }');
  await writeFile(join(directory.path, "dist", "index.js"), index);
  await writeFile(join(directory.path, "bin", "wsafe.js"), cli);
  return directory;
}
