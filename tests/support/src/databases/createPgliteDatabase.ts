import { join } from "node:path";
import { createScratchDirectory } from "./createScratchDirectory.js";
import type { ScratchDatabase } from "./ScratchDatabase.js";

/** A throwaway embedded store: see {@link createPgliteDatabase}. */
export interface PgliteScratchDatabase extends ScratchDatabase {
  kind: "PGlite";
  /** The scratch directory around the store, for logs and files; removed with it. */
  directory: string;
}

/**
 * Makes a fresh embedded (PGlite) store location: `data` inside a new temporary
 * directory, which `drop()` removes. The server creates the store on first open.
 *
 * @param label - part of the directory's name
 * @example
 * import { createPgliteDatabase } from "@wsafe/test-support";
 * const db = await createPgliteDatabase("cli");
 * await runCli(["import", file, "--database", db.database]);
 */
export async function createPgliteDatabase(label = "test"): Promise<PgliteScratchDatabase> {
  const scratch = await createScratchDirectory(label);
  return {
    kind: "PGlite",
    database: join(scratch.path, "data"),
    directory: scratch.path,
    drop: scratch.remove,
  };
}
