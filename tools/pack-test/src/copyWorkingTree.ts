import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Copies the files a clone of the working tree would hold (tracked and new, not
 * ignored: no `node_modules`, no `dist`) from `root` to `target`, then makes `target` a
 * git repository of one commit, as a fresh clone of this very state would be. Suites
 * that must run the project's own commands where they may write (set-up, build,
 * `changeset version`) run them there, never in the checkout.
 *
 * @param root - the checkout to copy
 * @param target - an empty or missing directory
 * @example
 * copyWorkingTree(workspaceRoot, join(mkdtempSync(join(tmpdir(), "wsafe-")), "wsafe"));
 */
export function copyWorkingTree(root: string, target: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(root, file), join(target, file));
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: target, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=wsafe", "-c", "user.email=wsafe@localhost", "commit", "-qm", "scratch clone");
}
