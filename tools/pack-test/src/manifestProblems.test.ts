import { describe, expect, it } from "vitest";
import { type Manifest, manifestProblems } from "./manifestProblems.js";

const files = [
  "package.json",
  "README.md",
  "bin/tool.js",
  "dist/index.js",
  "dist/index.d.ts",
  "generated/a.json",
];
const good: Manifest = {
  name: "@wsafe/example",
  version: "1.0.0",
  license: "MIT",
  type: "module",
  repository: { type: "git", url: "git+https://example.invalid/wsafe.git", directory: "packages/example" },
  engines: { node: ">=20.19" },
  main: "./dist/index.js",
  types: "./dist/index.d.ts",
  bin: { tool: "./bin/tool.js" },
  exports: {
    ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
    "./json/*": "./generated/*",
    "./package.json": "./package.json",
  },
};

describe(manifestProblems, () => {
  it("accepts a complete manifest", () => {
    expect(manifestProblems(good, files, "packages/example")).toEqual([]);
  });

  it.each<[string, Partial<Manifest>, string | string[]]>([
    ["no license", { license: undefined }, "no license"],
    ["no repository", { repository: undefined }, "no repository.url"],
    [
      "another directory",
      { repository: { url: "x", directory: "apps/x" } },
      "repository.directory is apps/x, expected packages/example",
    ],
    ["no engines", { engines: {} }, "no engines.node"],
    ["CommonJS", { type: "commonjs" }, "type is commonjs, expected module"],
    ["a missing main", { main: "./dist/main.js" }, "main ./dist/main.js is not in the tarball"],
    ["a missing bin", { bin: { tool: "./bin/other.js" } }, "bin tool → ./bin/other.js is not in the tarball"],
    [
      "no package.json export",
      { exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } },
      'exports has no "./package.json"',
    ],
    [
      "a missing export target",
      {
        exports: {
          ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
          "./x": "./dist/x.js",
          "./package.json": "./package.json",
        },
      },
      ['exports["./x"] → ./dist/x.js is not in the tarball', 'exports["./x"] has no "types" condition'],
    ],
    [
      "a script export without types",
      {
        exports: {
          ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
          "./i": "./dist/index.js",
          "./package.json": "./package.json",
        },
      },
      'exports["./i"] has no "types" condition',
    ],
    [
      "types after default",
      {
        exports: {
          ".": { default: "./dist/index.js", types: "./dist/index.d.ts" },
          "./package.json": "./package.json",
        },
      },
      'exports["."] does not list "types" first',
    ],
    [
      "a wildcard that matches nothing",
      { exports: { ...(good.exports as object), "./s/*": "./schemas/*" } },
      'exports["./s/*"] → ./schemas/* is not in the tarball',
    ],
    ["private", { private: true }, "is private"],
  ])("reports %s", (_what, change, problem) => {
    expect(manifestProblems({ ...good, ...change }, files, "packages/example")).toEqual([problem].flat());
  });
});
