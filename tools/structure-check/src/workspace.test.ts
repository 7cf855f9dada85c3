import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCycles } from "./findCycles.js";
import { folderGraph } from "./folderGraph.js";
import { importGraph } from "./importGraph.js";
import { listSourceFiles } from "./listSourceFiles.js";
import { longFiles } from "./longFiles.js";
import { longFunctions } from "./longFunctions.js";

// The workspace's own source: every package, app, tool and suite, and the bench.
const root = fileURLToPath(new URL("../../../", import.meta.url));
const files = listSourceFiles(root, ["packages", "apps", "tools", "tests", "bench"]);
const graph = importGraph(files);
const shown = (paths: readonly string[]) => paths.map((path) => relative(root, path) || ".").join(" <-> ");

/** The ~300-line house rule, with a margin so a file at 305 lines is not an emergency. */
const maxLines = 330;

/** The house rule for a function's length (issue 48: none over 80 in the server). */
const maxFunctionLines = 80;

describe("the workspace's source", () => {
  it("is read whole: every package and app has source files", () => {
    for (const folder of [
      "packages/schema/src",
      "apps/server/src",
      "tools/contract-check/src",
      "tests/support/src",
    ])
      expect(
        files.some((file) => relative(root, file).startsWith(folder)),
        folder,
      ).toBe(true);
  });

  it("has no import cycle between files", () => {
    expect(findCycles(graph).map(shown)).toEqual([]);
  });

  it("has no import cycle between folders", () => {
    expect(findCycles(folderGraph(graph)).map(shown)).toEqual([]);
  });

  it(`has no source file over ${maxLines} lines`, () => {
    expect(
      longFiles(files, maxLines).map(({ file, lines }) => `${relative(root, file)}: ${lines} lines`),
    ).toEqual([]);
  });

  it(`has no function over ${maxFunctionLines} lines in the server`, () => {
    // Tests' `describe` bodies are lists of cases, not functions a reader follows: left out.
    const server = files.filter((file) => /apps\/server\/src\/.*(?<!\.test)\.ts$/.test(relative(root, file)));
    expect(
      longFunctions(server, maxFunctionLines).map(
        ({ file, name, lines }) => `${relative(root, file)} ${name}: ${lines} lines`,
      ),
    ).toEqual([]);
  });
});
