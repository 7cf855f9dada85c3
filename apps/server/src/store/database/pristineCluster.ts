import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliDecompress } from "node:zlib";

// A new embedded store used to start with PostgreSQL's initdb run in WebAssembly: about
// 10 s of CPU on this project's machines (7 s user, 3 s system), where extracting a dump
// of a fresh cluster takes 2-2.5 s. The build makes that dump once
// (`writePristineCluster.ts`) and ships it in `dist/`; a store opened where no cluster is
// yet (a new directory, `memory://`) starts from it. The dump is a cluster before any
// migration: the migrations then run as on any store, and every random the store keeps
// (the cursor secret) is made by them, per store.

const brotliDecompressAsync = promisify(brotliDecompress);

/** The version of PGlite this process loads: a dump is only read by the PGlite that made it. */
export function pgliteVersion(): string {
  // Its exports do not include package.json: found up from its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find @electric-sql/pglite's package.json");
    dir = parent;
  }
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Where the build leaves the dump of a fresh cluster made by this PGlite version.
 *
 * @param version - PGlite's version (default: the one loaded)
 */
export function pristineClusterFile(version: string = pgliteVersion()): string {
  // From the package's root: the same file whether this module runs built (dist/store/
  // database) or from its source (src/store/database, as the tests run it).
  return fileURLToPath(new URL(`../../../dist/pglite/cluster-${version}.tar.br`, import.meta.url));
}

let loaded: Promise<Blob | undefined> | undefined;

/**
 * The dump of a fresh cluster, as PGlite's `loadDataDir` takes it; `undefined` when this
 * installation has none for its PGlite version (PGlite updated since the build, or a
 * build that could not make one): the store is then made by initdb, as before.
 */
export function loadPristineCluster(): Promise<Blob | undefined> {
  loaded ??= (async () => {
    try {
      const packed = await readFile(pristineClusterFile());
      return new Blob([await brotliDecompressAsync(packed)]);
    } catch {
      return undefined;
    }
  })();
  return loaded;
}
