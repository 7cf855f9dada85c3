import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The environment under which turbo, run in the scratch copy, may read the checkout's
 * build cache and never writes it: `TURBO_CACHE_DIR` at the checkout's cache (beside its
 * git directory, where turbo keeps it: the main worktree's for a linked one) and
 * `TURBO_CACHE=local:r`. A build of the same sources has the same hash there, so the
 * copy's first `npm run release` finds the packages `npm test` has just built instead of
 * building the four again (a minute and more of tsc on 2 cores); a build of changed
 * sources (a new version) misses and runs, as on release day. Empty when the checkout has
 * no cache yet.
 *
 * @param root - the checkout
 */
export function checkoutBuildCache(root: string): NodeJS.ProcessEnv {
  const gitDirectory = execFileSync("git", ["rev-parse", "--git-common-dir"], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  const cache = join(dirname(resolve(root, gitDirectory)), ".turbo", "cache");
  return existsSync(cache) ? { TURBO_CACHE_DIR: cache, TURBO_CACHE: "local:r" } : {};
}
