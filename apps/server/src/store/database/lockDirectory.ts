import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The file in a store's directory that names the process holding it. */
export const lockFileName = "wsafe.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims an embedded store directory for this process. PGlite has no locking of its
 * own, and two processes writing one directory would corrupt it (for instance
 * `wsafe import` while `wsafe serve` runs), so a second opener is refused with a clear
 * message, even within one process. A lock left by a process that is gone is taken over.
 *
 * @param directory - the store directory (it exists)
 * @returns a function that releases the lock
 * @throws Error when a running process holds the directory
 */
export function lockDirectory(directory: string): () => void {
  const file = join(directory, lockFileName);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(
          `the embedded store ${directory} is in use by process ${holder}; stop it first (or use PostgreSQL for several processes); a stale ${file} may be removed`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock the embedded store ${directory}`);
}
