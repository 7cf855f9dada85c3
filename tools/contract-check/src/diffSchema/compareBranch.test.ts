import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareBranch } from "./compareBranch.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (
  direction: "request" | "response",
  b: Record<string, unknown>,
  n: Record<string, unknown>,
) => {
  const ctx = createSchemaDiffContext(b, n, { direction });
  compareBranch({ schema: b }, { schema: n }, "$", ctx, [], []);
  return ctx.out;
};

describe(compareBranch, () => {
  it("runs every keyword family, in order: type, values, constraints, default, object, array, the rest", () => {
    expect(
      compare(
        "request",
        { type: "integer", enum: [1], maximum: 5, default: 1, not: {} },
        { type: ["integer", "null"], enum: [1, 2], maximum: 3, default: 2, not: { type: "string" } },
      ).map((d) => d.path),
    ).toEqual(["$.type", "$.enum", "$.maximum", "$.default", "$.not"]);
  });

  it("stops at a type change: what lies below it compares unrelated values", () => {
    expect(compare("response", { type: "string", maxLength: 3 }, { type: "object", properties: {} })).toEqual(
      [difference("response.type-changed", "$.type", "type changed: string → object")],
    );
  });

  it("compares default in requests only", () => {
    expect(compare("response", { default: 1 }, { default: 2 })).toEqual([]);
    expect(compare("request", { default: 1 }, { default: 2 }).map((d) => d.rule)).toEqual([
      "request.default-changed",
    ]);
  });
});
