import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory, type ScratchDirectory } from "../databases/createScratchDirectory.js";

// A stand-in for a built @wsafe/server: the same file layout (`dist/index.js`,
// `bin/wsafe.js`) and readiness line, a plain HTTP server behind it. The launchers'
// own tests run against it, so they need no server build; the suites that use the
// launchers run the real one.
const index = `
import { createServer } from "node:http";
export const demoTokens = { read: "r", write: "w", revoked: "x", inactiveAccount: "i", otherAccount: "o" };
export async function startServer(options = {}) {
  const server = createServer((request, response) => response.end(JSON.stringify(options)));
  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = "http://127.0.0.1:" + server.address().port;
  return { url, port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
`;
const cli = `
import { startServer } from "../dist/index.js";
const args = process.argv.slice(2);
if (args.includes("--fail")) { console.error("refused: --fail"); process.exit(2); }
const server = await startServer({ port: 0, args });
console.log("listening on " + server.url);
process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
`;

/**
 * Writes a fake server folder for the launchers' tests: `startServer` answers every
 * request with the options it was given, `wsafe serve --fail` exits with code 2.
 */
export async function createFakeServerDirectory(): Promise<ScratchDirectory> {
  const directory = await createScratchDirectory("fake-server");
  await mkdir(join(directory.path, "dist"));
  await mkdir(join(directory.path, "bin"));
  await writeFile(join(directory.path, "package.json"), '{ "type": "module" }');
  await writeFile(join(directory.path, "dist", "index.js"), index);
  await writeFile(join(directory.path, "bin", "wsafe.js"), cli);
  return directory;
}
