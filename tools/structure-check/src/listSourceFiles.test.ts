import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listSourceFiles } from "./listSourceFiles.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe(listSourceFiles, () => {
  it("lists a folder's source files, this one included, and no build output", () => {
    const files = listSourceFiles(root, ["tools/structure-check"]).map((file) => relative(root, file));
    expect(files).toContain("tools/structure-check/src/listSourceFiles.test.ts");
    expect(files).toContain("tools/structure-check/vitest.config.ts");
    expect(files.some((file) => file.includes("/dist/") || file.includes("node_modules"))).toBe(false);
  });
});
