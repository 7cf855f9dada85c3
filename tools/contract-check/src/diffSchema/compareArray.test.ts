import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareArray } from "./compareArray.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (
  direction: "request" | "response",
  b: Record<string, unknown>,
  n: Record<string, unknown>,
) => {
  const ctx = createSchemaDiffContext(b, n, { direction });
  compareArray(b, n, "$.ids", ctx, [], []);
  return ctx.out;
};

describe(compareArray, () => {
  it("compares items through the walker", () => {
    expect(compare("request", { items: { type: "string" } }, { items: { type: "integer" } })).toEqual([
      difference("request.type-changed", "$.ids.items.type", "type changed: string → integer"),
    ]);
  });

  it("reports items starting or stopping being checked", () => {
    expect(compare("request", {}, { items: {} })).toEqual([
      difference("request.constraint-tightened", "$.ids.items", "items are now checked"),
    ]);
    expect(compare("response", { items: {} }, {})).toEqual([
      difference("response.constraint-loosened", "$.ids.items", "items are no longer checked"),
    ]);
  });

  it("reports nothing without items on either side", () => {
    expect(compare("request", { type: "array" }, { type: "array", maxItems: 2 })).toEqual([]);
  });
});
