import { describe, expect, it } from "vitest";
import { findCycles } from "./findCycles.js";

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([node, targets]) => [node, new Set(targets)]));

describe(findCycles, () => {
  it("finds nothing in a graph without cycles", () => {
    expect(findCycles(graph({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("finds each cycle once, with every node on it", () => {
    expect(findCycles(graph({ a: ["b"], b: ["c"], c: ["a", "d"], d: ["e"], e: ["d"], f: ["a"] }))).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
  });

  it("treats successors that are not keys as leaves", () => {
    expect(findCycles(graph({ a: ["outside"] }))).toEqual([]);
  });

  it("walks a chain far longer than the call stack would allow", () => {
    const edges: Record<string, string[]> = {};
    for (let n = 0; n < 20_000; n++) edges[`n${n}`] = [`n${n + 1}`];
    edges.n20000 = ["n0"];
    expect(findCycles(graph(edges))[0]).toHaveLength(20_001);
  });
});
