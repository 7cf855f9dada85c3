// @arethetypeswrong/cli on each tarball consumers install: the types of every entry point
// resolve, and match the JavaScript, under every ESM resolution TypeScript has
// (`--profile esm-only`: the packages are ESM only). It ran in each package's own suite
// as `attw --pack .` (an `npm pack` of its own, `workspace:*` left in); here it reads the
// suite's one `npm run pack`, the tarballs `pnpm pack` makes as publishing does.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { describe, expect, inject, it } from "vitest";
import { readPackCommandOutput } from "./runPackCommand.js";

const attw = createRequire(import.meta.url)
  .resolve("@arethetypeswrong/cli/package.json")
  .replace(/package\.json$/, "dist/index.js");
const { tarballs } = readPackCommandOutput(inject("packCommand").output);

describe.each(["@wsafe/schema", "@wsafe/client", "@wsafe/conformance"])("%s, packed", (name) => {
  it("has types that resolve for ESM consumers under node16 and bundler (attw, esm-only)", () => {
    const tarball = tarballs.get(name);
    expect(tarball, `npm run pack wrote no tarball of ${name}`).toBeDefined();
    // From the temp folder: no `.attw.json` of ours may change the rules.
    const result = spawnSync(
      process.execPath,
      [attw, tarball!, "--profile", "esm-only", "--format", "ascii", "--no-color", "--no-emoji"],
      { cwd: tmpdir(), encoding: "utf8", timeout: 120_000 },
    );
    // attw's verdict is its exit code: non-zero on any problem the profile counts.
    expect({ status: result.status, stderr: result.stderr }, result.stdout).toEqual({
      status: 0,
      stderr: "",
    });
    expect(result.stdout).toContain(`${name} v`);
    expect(result.stdout).toMatch(/^node16 \(from ESM\): OK/m);
    expect(result.stdout).toMatch(/^bundler: OK/m);
  }, 120_000);
});
