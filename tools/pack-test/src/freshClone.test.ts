// The fresh-machine path, tested so that it cannot be fooled by what this machine has
// installed: a scratch clone of the working tree, a PATH from which every pnpm and
// turbo outside that clone is hidden (the same `scripts/isolatedPath.mjs` that .ci/run
// uses), an environment without the variables pnpm and turbo set for this very suite,
// then the README's set-up and one turbo task through the root scripts. The clone and
// its set-up are `freshInstall`'s: within one `npm test` the release suite then takes
// that install over instead of making its own.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FreshInstall, freshInstall } from "./freshInstall.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
let install: FreshInstall;

/** Runs a command in the clone with the isolated environment. */
function inClone(command: string, args: string[], timeout = 300_000) {
  return spawnSync(command, args, { cwd: install.dir, env: install.env, encoding: "utf8", timeout });
}

beforeAll(() => {
  install = freshInstall(root);
}, 600_000);

afterAll(() => {
  // Within a run of `npm test` the release suite takes it over (test.mjs removes it if not).
  if (install && !process.env.WSAFE_TEST_RUN_ID)
    rmSync(dirname(install.dir), { recursive: true, force: true });
}, 60_000);

describe("a fresh clone on a machine with only Node and npm", () => {
  it("finds no pnpm or turbo on the PATH the set-up runs with", () => {
    // Under this suite the PATH holds the workspace's own pnpm and turbo; they must be gone.
    const probe = inClone("sh", ["-c", "command -v pnpm; command -v turbo; command -v node; command -v npm"]);
    expect(probe.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/\/node$/),
      expect.stringMatching(/\/npm$/),
    ]);
  });

  it("installs the pinned pnpm and the workspace with `node scripts/setup.mjs`", () => {
    expect(install.setup.status, install.setup.stderr).toBe(0);
    expect(existsSync(join(install.dir, ".tools", "node_modules", ".bin", "pnpm"))).toBe(true);
    expect(existsSync(join(install.dir, "node_modules", ".bin", "turbo"))).toBe(true);
  });

  it("runs a turbo task through `npm run build`, turbo finding the pinned pnpm", () => {
    const build = inClone("npm", [
      "run",
      "build",
      "--",
      "--filter=@wsafe/schema",
      "--output-logs=errors-only",
    ]);
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(existsSync(join(install.dir, "packages", "schema", "dist", "index.js"))).toBe(true);
    // Still nothing global: the pnpm turbo ran is the clone's own.
    const probe = inClone("sh", ["-c", "command -v pnpm || echo none"]);
    expect(probe.stdout.trim()).toBe("none");
  }, 300_000);
});
