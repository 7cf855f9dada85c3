// The Node.js lines the packages support, stated once: every published package's and the
// root's `engines.node`, and the root README, from the list the release suite runs its
// consumer checks on. `@wsafe/server` declared Node >= 20.19 while most teams run 22 or
// 24, and every test ran on 20 only.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { publishedPackages } from "@wsafe/pack-test";
import { describe, expect, it } from "vitest";
import { supportedNodeMajors } from "../src/nodeBuilds.js";
import { isSupportedNode, supportedEnginesRange } from "../src/nodeEngines.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
    name: string;
    engines?: { node?: string };
  };

describe("the supported Node.js lines", () => {
  it("are 20, 22 and 24, each from the release that runs require() of ESM", () => {
    expect(supportedNodeMajors).toEqual([20, 22, 24]);
    expect(supportedEnginesRange()).toBe("^20.19.0 || ^22.12.0 || >=24.0.0");
    expect(
      ["20.19.0", "20.20.2", "22.12.0", "22.23.5", "24.0.0", "24.22.3", "25.1.0"].filter(isSupportedNode),
    ).toHaveLength(7);
    expect(["20.18.3", "21.7.0", "22.11.0", "23.11.0", "18.20.0"].filter(isSupportedNode)).toEqual([]);
  });

  it("are every published package's engines.node, and the root's", () => {
    const dirs = [".", ...publishedPackages.map((pkg) => pkg.dir)];
    expect(dirs.map((dir) => [manifest(dir).name, manifest(dir).engines?.node])).toEqual(
      dirs.map((dir) => [manifest(dir).name, supportedEnginesRange()]),
    );
  });

  it("are stated in the root README", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).toContain(`\`engines.node\`: \`${supportedEnginesRange()}\``);
    expect(readme).toContain("Node.js 20.19+, 22.12+ or 24");
  });
});
