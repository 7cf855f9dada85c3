import { cp } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory } from "./createScratchDirectory.js";
import type { ScratchDatabase } from "./ScratchDatabase.js";
import { pgliteStoreTemplate, type StoreTemplate } from "./storeTemplates.js";

/** A throwaway embedded store: see {@link createPgliteDatabase}. */
export interface PgliteScratchDatabase extends ScratchDatabase {
  kind: "PGlite";
  /** The scratch directory around the store, for logs and files; removed with it. */
  directory: string;
}

/** What a new embedded store starts as, see {@link createPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /**
   * `migrated` (default): a copy of the template store holding every migration, as a
   * server leaves an empty directory on first open; `demo`: that plus the demo dataset,
   * as `wsafe serve --demo` leaves it (a server started with `demo` then imports
   * nothing more); `none`: no store yet, the server creates it on first open (for a test
   * of that creation).
   */
  template?: StoreTemplate | "none";
}

/**
 * Makes a fresh embedded (PGlite) store: `data` inside a new temporary directory, which
 * `drop()` removes. It is a copy of a template store made once per set of migrations
 * (see `pgliteStoreTemplate`), so a server opens it as a store it had made itself,
 * without the seconds of WebAssembly initdb each new store would cost; without a built
 * server, or with `template: "none"`, the server creates the store on first open.
 *
 * @param label - part of the directory's name
 * @param options - what the store starts as
 * @example
 * import { createPgliteDatabase } from "@wsafe/test-support";
 * const db = await createPgliteDatabase("cli");
 * await runCli(["import", file, "--database", db.database]);
 */
export async function createPgliteDatabase(
  label = "test",
  options: PgliteDatabaseOptions = {},
): Promise<PgliteScratchDatabase> {
  const template = options.template ?? "migrated";
  const source = template === "none" ? undefined : await pgliteStoreTemplate(template);
  const scratch = await createScratchDirectory(label);
  const database = join(scratch.path, "data");
  try {
    if (source) await cp(source, database, { recursive: true });
  } catch (error) {
    await scratch.remove();
    throw error;
  }
  return { kind: "PGlite", database, directory: scratch.path, drop: scratch.remove };
}
