#!/usr/bin/env node
// Brings a fresh clone to a runnable state with nothing but Node and npm:
// a pinned pnpm (corepack cannot be used on every machine), then the
// workspace's dependencies from the lockfile. Cheap to run again: each step
// is skipped when already done.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pinned = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];

/** Returns a command that runs the pinned pnpm, installing it under .tools/ when needed. */
function findPnpm() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (probe.status === 0 && probe.stdout.trim() === pinned) return "pnpm";
  const local = join(root, ".tools", "node_modules", ".bin", "pnpm");
  if (!existsSync(local)) {
    console.log(`setup: installing pnpm ${pinned} into .tools/`);
    execFileSync(
      "npm",
      ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", join(root, ".tools"), `pnpm@${pinned}`],
      {
        stdio: "inherit",
      },
    );
  }
  return local;
}

function installedIsCurrent() {
  const marker = join(root, "node_modules", ".modules.yaml");
  if (!existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(join(root, "pnpm-lock.yaml")).mtimeMs;
}

const pnpm = findPnpm();
if (!installedIsCurrent()) {
  console.log("setup: installing workspace dependencies");
  execFileSync(pnpm, ["install", "--frozen-lockfile"], { cwd: root, stdio: "inherit" });
}
