// The project's own toolchain, found without anything installed globally:
// the pnpm pinned in package.json (installed under .tools/ by npm, because
// corepack cannot be used on every machine), turbo and the other workspace
// bins. Every root script runs its commands through `toolEnv()`, so turbo
// (which looks for `pnpm` on the PATH) and any package script that calls
// `pnpm` find the pinned one, on a machine with only Node and npm.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The pnpm version of package.json's `packageManager` field. */
export const pinnedPnpm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split(
  "@",
)[1];

/** The folder holding the pinned pnpm's bins (`pnpm`, `pnpx`). */
export const toolsBin = join(root, ".tools", "node_modules", ".bin");

/** The folder holding the workspace root's bins (`turbo`, `biome`, `changeset`, ...). */
export const workspaceBin = join(root, "node_modules", ".bin");

function installedPnpmVersion() {
  const manifest = join(root, ".tools", "node_modules", "pnpm", "package.json");
  if (!existsSync(manifest) || !existsSync(join(toolsBin, "pnpm"))) return undefined;
  return JSON.parse(readFileSync(manifest, "utf8")).version;
}

/**
 * Installs the pinned pnpm under .tools/ unless it is there already, and returns
 * the path of its bin. A pnpm found on the PATH is never used: its version, and
 * whether it exists at all, differ from machine to machine.
 */
export function ensurePnpm() {
  if (installedPnpmVersion() !== pinnedPnpm) {
    console.log(`setup: installing pnpm ${pinnedPnpm} into .tools/`);
    execFileSync(
      "npm",
      [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--prefix",
        join(root, ".tools"),
        `pnpm@${pinnedPnpm}`,
      ],
      { stdio: "inherit" },
    );
  }
  return join(toolsBin, "pnpm");
}

function workspaceIsCurrent() {
  const marker = join(root, "node_modules", ".modules.yaml");
  if (!existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(join(root, "pnpm-lock.yaml")).mtimeMs;
}

/** Installs the workspace's dependencies from the lockfile unless they are current. */
export function ensureWorkspace() {
  const pnpm = ensurePnpm();
  if (workspaceIsCurrent()) return;
  console.log("setup: installing workspace dependencies");
  execFileSync(pnpm, ["install", "--frozen-lockfile"], { cwd: root, stdio: "inherit", env: toolEnv() });
}

/**
 * The environment for every command a root script runs: the pinned pnpm and the
 * workspace bins first on the PATH, ahead of anything installed globally.
 *
 * @param env - the environment to extend (default: this process's)
 */
export function toolEnv(env = process.env) {
  const path = [toolsBin, workspaceBin, env.PATH ?? ""].filter(Boolean).join(delimiter);
  return { ...env, PATH: path };
}
