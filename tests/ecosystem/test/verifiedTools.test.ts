// The docs' downloads page lists the tools this suite verifies, with their versions,
// read from this package.json: each pinned tool is described there, and each
// description names a pinned tool.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ecosystemDir } from "../src/paths.js";

const manifest = JSON.parse(readFileSync(join(ecosystemDir, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
  wsafeVerifiedTools: { npm: Record<string, string>; debian: Record<string, string> };
};
const tools = Object.keys(manifest.devDependencies).filter((name) => !name.startsWith("@wsafe/"));

describe("the verified tools", () => {
  it("are each described, and each description is of a pinned tool", () => {
    expect(Object.keys(manifest.wsafeVerifiedTools.npm).sort()).toEqual([...tools].sort());
  });

  it.each(tools)("%s is pinned to one exact version", (name) => {
    expect(manifest.devDependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  // Node 20.19 is the project's floor; several tools' newest majors need 22 or 24.
  it.each(tools)("%s runs on the project's Node (its engines allow 20.19)", (name) => {
    const installed = JSON.parse(
      readFileSync(join(ecosystemDir, "node_modules", name, "package.json"), "utf8"),
    );
    expect(installed.version).toBe(manifest.devDependencies[name]);
    const engines: string | undefined = installed.engines?.node;
    if (engines) expect(allowsNode20(engines), `${name}: engines.node ${engines}`).toBe(true);
  });
});

/** Whether an engines range admits Node 20.19: one of its `||` parts has a lower bound at or under it and no upper bound below it. */
function allowsNode20(range: string): boolean {
  return range.split("||").some((part) => {
    // ">= 20.17" and ">=20.17" are the same bound.
    const bounds = part
      .trim()
      .replace(/(>=|<=|>|<|\^|~)\s+/g, "$1")
      .split(/\s+/);
    return bounds.every((bound) => {
      const match = /^(>=|<=|\^|~|<|>)?v?(\d+)(?:\.(\d+))?/.exec(bound);
      if (!match) return true;
      const [, operator = "", majorText, minorText = "0"] = match;
      const version = Number(majorText) * 1000 + Number(minorText);
      const node = 20 * 1000 + 19;
      if (operator === "<") return node < version;
      if (operator === "<=") return node <= version;
      if (operator === "^") return Number(majorText) === 20 && version <= node;
      if (operator === "~") return Number(majorText) === 20 && Number(minorText) === 19;
      if (operator === ">") return node > version;
      return operator === ">=" ? version <= node : version === node;
    });
  });
}
