import { fileURLToPath } from "node:url";

/**
 * The workspace's `apps/server`, whose `bin/wsafe.js` and `dist/index.js` the launchers
 * run (from `src/server/` or `dist/server/` alike, four levels below the root).
 * `WSAFE_TEST_SERVER_DIR` points them at another copy instead, e.g. the package as
 * installed from its tarball, so a run measures what users install.
 */
export const workspaceServerDirectory = fileURLToPath(new URL("../../../../apps/server/", import.meta.url));

/**
 * The server the launchers start: `directory` when given, else `WSAFE_TEST_SERVER_DIR`,
 * else the workspace's.
 *
 * @param directory - a folder holding `bin/wsafe.js` and `dist/index.js`
 */
export function serverDirectory(directory?: string): string {
  return directory ?? process.env.WSAFE_TEST_SERVER_DIR ?? workspaceServerDirectory;
}
