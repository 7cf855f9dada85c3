import { execFile } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** A small file system of its own, mounted for one test, see {@link mountTinyDisk}. */
export interface TinyDisk {
  path: string;
  /** Unmounts it and removes the mount point. */
  remove(): Promise<void>;
}

/**
 * Mounts a tmpfs of `megabytes` at `path`: a real disk that fills up, where the store's
 * writes meet a real ENOSPC. Needs root (CAP_SYS_ADMIN), as the CI machines give; the
 * caller skips loudly where it is refused.
 *
 * @param path - an empty folder to mount on, made here
 * @param megabytes - its size
 * @returns the disk, or why it cannot be had
 */
export async function mountTinyDisk(path: string, megabytes: number): Promise<TinyDisk | string> {
  await mkdir(path, { recursive: true });
  try {
    await exec("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", path]);
  } catch (error) {
    await rm(path, { recursive: true, force: true });
    return `mount -t tmpfs failed (${(error as Error).message.split("\n")[0]})`;
  }
  return {
    path,
    async remove() {
      await exec("umount", [path]).catch(() => exec("umount", ["-l", path]));
      await rm(path, { recursive: true, force: true });
    },
  };
}
