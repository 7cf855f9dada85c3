import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/** What a command is about to create, and how to take it back. */
export interface CreatedPaths {
  /** Removes what did not exist when {@link createdPaths} looked and exists now; keeps the rest. */
  remove(): Promise<void>;
}

/** The outermost folder of `path` (or `path` itself) that does not exist yet; undefined when `path` exists. */
function firstMissing(path: string): string | undefined {
  let missing: string | undefined;
  for (let at = resolve(path); !existsSync(at); at = dirname(at)) {
    missing = at;
    if (dirname(at) === at) break;
  }
  return missing;
}

/**
 * Notes which of the paths a command may create do not exist yet, so that a command
 * that fails can remove what it made, and only that. `wsafe serve` that could not
 * start left a new 39 MB embedded store behind, in a directory it had created itself;
 * a directory that was there before is never touched.
 *
 * @param paths - files or directories the command may create (their folders too)
 * @example
 * const created = createdPaths(["./.wsafe/data"]);
 * try { await start(); } catch (error) { await created.remove(); throw error; }
 */
export function createdPaths(paths: readonly string[]): CreatedPaths {
  const missing = [...new Set(paths.map(firstMissing).filter((path) => path !== undefined))];
  return {
    async remove() {
      for (const path of missing) await rm(path, { recursive: true, force: true });
    },
  };
}
