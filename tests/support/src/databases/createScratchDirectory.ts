import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temporary directory of one test, see {@link createScratchDirectory}. */
export interface ScratchDirectory {
  path: string;
  /** Removes it with everything inside; safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Creates `wsafe-<label>-<random>` under the system's temporary folder.
 *
 * @param label - part of its name, to tell whose it was
 * @example
 * import { createScratchDirectory } from "@wsafe/test-support";
 * const dir = await createScratchDirectory("secrets");
 * await dir.remove();
 */
export async function createScratchDirectory(label = "test"): Promise<ScratchDirectory> {
  const path = await mkdtemp(join(tmpdir(), `wsafe-${label}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
