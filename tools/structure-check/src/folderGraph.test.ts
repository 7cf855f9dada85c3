import { describe, expect, it } from "vitest";
import { folderGraph } from "./folderGraph.js";

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe(folderGraph, () => {
  it("lifts imports between sibling folders, a folder counting with its subfolders", () => {
    const folders = folderGraph(
      graph({ "/p/src/store/sql/a.ts": ["/p/src/pipeline/b.ts"], "/p/src/pipeline/b.ts": [] }),
    );
    expect(folders).toEqual(
      new Map([
        ["/p/src/store", new Set(["/p/src/pipeline"])],
        ["/p/src/pipeline", new Set()],
      ]),
    );
  });

  it("lets a folder and its own subfolders use each other", () => {
    const folders = folderGraph(
      graph({
        "/p/src/index.ts": ["/p/src/errors/a.ts"],
        "/p/src/errors/a.ts": ["/p/src/types.ts"],
        "/p/src/types.ts": [],
      }),
    );
    expect(folders).toEqual(new Map());
  });

  it("keeps imports within one folder out", () => {
    expect(folderGraph(graph({ "/p/src/a.ts": ["/p/src/b.ts"], "/p/src/b.ts": [] }))).toEqual(new Map());
  });
});
