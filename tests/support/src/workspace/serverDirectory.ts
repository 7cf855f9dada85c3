import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The root of the workspace (from `src/workspace/` or `dist/workspace/` alike, four levels up). */
export const workspaceRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * The workspace's `apps/server`, whose `bin/wsafe.js` and `dist/index.js` the launchers
 * run.
 * `WSAFE_TEST_SERVER_DIR` points them at another copy instead, e.g. the package as
 * installed from its tarball, so a run measures what users install.
 */
export const workspaceServerDirectory = join(workspaceRoot, "apps", "server");

/**
 * The server the launchers start: `directory` when given, else `WSAFE_TEST_SERVER_DIR`,
 * else the workspace's.
 *
 * @param directory - a folder holding `bin/wsafe.js` and `dist/index.js`
 */
export function serverDirectory(directory?: string): string {
  return directory ?? process.env.WSAFE_TEST_SERVER_DIR ?? workspaceServerDirectory;
}

/**
 * The server's command line, `bin/wsafe.js`, to run with node: `wsafe import`,
 * `wsafe tokens`... (`serveCli` runs `wsafe serve`).
 *
 * @param directory - as for {@link serverDirectory}
 * @example
 * import { wsafeBin } from "@wsafe/test-support";
 * execFileSync(process.execPath, [wsafeBin(), "import", file, "--database", db.database]);
 */
export function wsafeBin(directory?: string): string {
  return join(serverDirectory(directory), "bin", "wsafe.js");
}
