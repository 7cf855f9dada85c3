import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

describe(createSchemaDiffContext, () => {
  it("starts empty, with both documents as the roots their $refs point into", () => {
    const base = { $defs: { A: { type: "string" } } };
    const next = { $defs: { A: { type: "integer" } } };
    const ctx = createSchemaDiffContext(base, next, { direction: "request" });
    expect(ctx).toMatchObject({ direction: "request", baseRoot: base, nextRoot: next, out: [] });
    expect(ctx.openEnums).toEqual(new Set());
  });

  it("binds the walker to itself, so keyword comparisons descend into the same output", () => {
    const base = { $defs: { A: { type: "string" } } };
    const next = { $defs: { A: { type: "integer" } } };
    const ctx = createSchemaDiffContext(base, next, { direction: "request" });
    ctx.compareNode({ $ref: "#/$defs/A" }, { $ref: "#/$defs/A" }, "$.a", [], []);
    expect(ctx.out).toEqual([
      difference("request.type-changed", "$.a.type", "type changed: string → integer"),
    ]);
  });

  it("stands an empty document in for a missing one", () => {
    const ctx = createSchemaDiffContext(undefined, null, { direction: "response" });
    expect([ctx.baseRoot, ctx.nextRoot]).toEqual([{}, {}]);
  });
});
