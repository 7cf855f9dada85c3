// The fresh-machine path, tested so that it cannot be fooled by what this machine has
// installed: a scratch clone of the working tree, a PATH from which every pnpm and
// turbo outside that clone is hidden (the same `scripts/isolatedPath.mjs` that .ci/run
// uses), an environment without the variables pnpm and turbo set for this very suite,
// then the README's set-up and one turbo task through the root scripts.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyWorkingTree } from "./copyWorkingTree.js";
import { shellEnvironment } from "./shellEnvironment.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
let clone: string;
let env: NodeJS.ProcessEnv;

/** Runs a command in the clone with the isolated environment. */
function inClone(command: string, args: string[], timeout = 300_000) {
  return spawnSync(command, args, { cwd: clone, env, encoding: "utf8", timeout });
}

beforeAll(() => {
  clone = join(mkdtempSync(join(tmpdir(), "wsafe-fresh-clone-")), "wsafe");
  copyWorkingTree(root, clone);
  env = shellEnvironment();
  env.PATH = execFileSync(process.execPath, [join(clone, "scripts", "isolatedPath.mjs")], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
}, 120_000);

afterAll(() => {
  if (clone) rmSync(dirname(clone), { recursive: true, force: true });
}, 60_000);

describe("a fresh clone on a machine with only Node and npm", () => {
  it("finds no pnpm or turbo on its PATH before the set-up", () => {
    // Under this suite the PATH holds the workspace's own pnpm and turbo; they must be gone.
    const probe = inClone("sh", ["-c", "command -v pnpm; command -v turbo; command -v node; command -v npm"]);
    expect(probe.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/\/node$/),
      expect.stringMatching(/\/npm$/),
    ]);
  });

  it("installs the pinned pnpm and the workspace with `node scripts/setup.mjs`", () => {
    const setup = inClone(process.execPath, ["scripts/setup.mjs"]);
    expect(setup.status, setup.stderr).toBe(0);
    expect(existsSync(join(clone, ".tools", "node_modules", ".bin", "pnpm"))).toBe(true);
    expect(existsSync(join(clone, "node_modules", ".bin", "turbo"))).toBe(true);
  }, 300_000);

  it("runs a turbo task through `npm run build`, turbo finding the pinned pnpm", () => {
    const build = inClone("npm", [
      "run",
      "build",
      "--",
      "--filter=@wsafe/schema",
      "--output-logs=errors-only",
    ]);
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(existsSync(join(clone, "packages", "schema", "dist", "index.js"))).toBe(true);
    // Still nothing global: the pnpm turbo ran is the clone's own.
    const probe = inClone("sh", ["-c", "command -v pnpm || echo none"]);
    expect(probe.stdout.trim()).toBe("none");
  }, 300_000);
});
