import { join } from "node:path";
import { workspaceRoot } from "../workspace/serverDirectory.js";

/**
 * Where what the test runs of this workspace make once and share is kept (the template
 * stores, the test certificate): `WSAFE_TEST_CACHE_DIR`, else the workspace's
 * `node_modules/.cache/wsafe-test` (never committed; a fresh clone makes its own once).
 * Each entry is keyed by what it is made from, so a stale one is never used.
 *
 * @param parts - a path inside it
 * @example
 * testCacheDirectory("pglite"); // ".../node_modules/.cache/wsafe-test/pglite"
 */
export function testCacheDirectory(...parts: string[]): string {
  return join(
    process.env.WSAFE_TEST_CACHE_DIR || join(workspaceRoot, "node_modules", ".cache", "wsafe-test"),
    ...parts,
  );
}
