import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

function commitOf(root) {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "apps", "packages"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return "unknown";
  }
}

/** The total memory in MiB and the kernel, read once. */
function kernel() {
  try {
    return readFileSync("/proc/sys/kernel/osrelease", "utf8").trim();
  } catch {
    return os.release();
  }
}

/**
 * What a reader needs to compare these figures with their own: the CPU, how many
 * cores the load generator and the servers shared, Node, and when and on which commit.
 *
 * @param {string} root - the repository root
 */
export function machineFacts(root) {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model?.trim() ?? "unknown",
    cpuCount: cpus.length,
    memoryMiB: Math.round(os.totalmem() / 1024 / 1024),
    platform: `${os.platform()} ${kernel()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    commit: commitOf(root),
  };
}
