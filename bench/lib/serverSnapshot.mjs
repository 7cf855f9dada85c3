import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/**
 * Copies the built server (`dist/`, `bin/`, `migrations/`) to a directory of its own for
 * the length of a run, its `node_modules` linked to the real one. A rebuild of
 * `apps/server` (which empties `dist/` first) while the bench runs then cannot take
 * the server away between two workloads, and every workload measures the same build.
 *
 * @returns {{ dir: string, entry: string, bin: string, remove(): void }}
 */
export function snapshotServer() {
  const serverDir = dirname(require.resolve("@wsafe/server/package.json"));
  if (!existsSync(join(serverDir, "dist", "index.js"))) {
    throw new Error(`the server is not built (${serverDir}/dist): run \`pnpm bench\`, which builds first`);
  }
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-server-"));
  for (const part of ["dist", "bin", "migrations", "package.json"]) {
    cpSync(join(serverDir, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(serverDir, "node_modules"), join(dir, "node_modules"), "dir");
  return {
    dir,
    entry: join(dir, "dist", "index.js"),
    bin: join(dir, "bin", "wsafe.js"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Where the server under measurement is: the run's snapshot when `run.mjs` made one
 * (`WSAFE_BENCH_SERVER_DIR`, inherited by every child process), else the workspace's.
 *
 * @returns {{ entryUrl: string, bin: string }}
 */
export function serverLocation() {
  const dir = process.env.WSAFE_BENCH_SERVER_DIR || dirname(require.resolve("@wsafe/server/package.json"));
  return { entryUrl: pathToFileURL(join(dir, "dist", "index.js")).href, bin: join(dir, "bin", "wsafe.js") };
}
