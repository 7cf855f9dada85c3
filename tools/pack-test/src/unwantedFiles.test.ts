import { describe, expect, it } from "vitest";
import { unwantedFiles } from "./unwantedFiles.js";

describe(unwantedFiles, () => {
  it("lets through what consumers need", () => {
    expect(
      unwantedFiles([
        "package.json",
        "README.md",
        "bin/x.js",
        "dist/index.js",
        "dist/index.d.ts",
        "migrations/001.sql",
        "generated/a.json",
      ]),
    ).toEqual([]);
  });

  it("names tests, source maps, sources, caches and configuration", () => {
    expect(
      unwantedFiles([
        "dist/a.test.js",
        "dist/a.test-d.ts",
        "dist/test/fixture.js",
        "dist/index.js.map",
        "dist/index.d.ts.map",
        "src/index.ts",
        ".turbo/turbo-build.log",
        "tsconfig.build.json",
        "dist/.tsbuildinfo",
      ]),
    ).toEqual([
      "dist/a.test.js (a test)",
      "dist/a.test-d.ts (a test)",
      "dist/test/fixture.js (test code)",
      "dist/index.js.map (a source map)",
      "dist/index.d.ts.map (a source map)",
      "src/index.ts (sources)",
      ".turbo/turbo-build.log (a turbo cache)",
      "tsconfig.build.json (build configuration)",
      "dist/.tsbuildinfo (a TypeScript build cache)",
    ]);
  });
});
