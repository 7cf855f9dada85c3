import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareConstraints } from "./compareConstraints.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (
  direction: "request" | "response",
  b: Record<string, unknown>,
  n: Record<string, unknown>,
) => {
  const ctx = createSchemaDiffContext({}, {}, { direction });
  compareConstraints(b, n, "$", ctx);
  return ctx.out;
};

describe(compareConstraints, () => {
  it("tightens on a higher lower bound or a lower upper bound, and on a new bound", () => {
    expect(
      compare("request", { minLength: 1, maximum: 10 }, { minLength: 2, maximum: 5, maxItems: 3 }),
    ).toEqual([
      difference("request.constraint-tightened", "$.minLength", "minLength: 1 → 2"),
      difference("request.constraint-tightened", "$.maximum", "maximum: 10 → 5"),
      difference("request.constraint-tightened", "$.maxItems", "maxItems: none → 3"),
    ]);
  });

  it("loosens on the opposite moves, and on a bound that goes", () => {
    expect(compare("response", { minimum: 2, maxLength: 5 }, { minimum: 1 })).toEqual([
      difference("response.constraint-loosened", "$.minimum", "minimum: 2 → 1"),
      difference("response.constraint-loosened", "$.maxLength", "maxLength: 5 → none"),
    ]);
  });

  it("judges multipleOf by divisibility", () => {
    expect(compare("request", { multipleOf: 2 }, { multipleOf: 4 })[0]!.rule).toBe(
      "request.constraint-tightened",
    );
    expect(compare("request", { multipleOf: 4 }, { multipleOf: 2 })[0]!.rule).toBe(
      "request.constraint-loosened",
    );
    expect(compare("request", {}, { multipleOf: 3 })[0]!.rule).toBe("request.constraint-tightened");
    expect(compare("request", { multipleOf: 3 }, {})[0]!.rule).toBe("request.constraint-loosened");
    // 2 → 3 admits 3 and refuses 2: breaking either way.
    expect(compare("response", { multipleOf: 2 }, { multipleOf: 3 })).toEqual([
      difference("response.constraint-loosened", "$.multipleOf", "multipleOf: 2 → 3"),
    ]);
  });

  it("tightens when items must become unique, and loosens when they need not", () => {
    expect(compare("request", {}, { uniqueItems: true })).toEqual([
      difference("request.constraint-tightened", "$.uniqueItems", "uniqueItems: false → true"),
    ]);
    expect(compare("request", { uniqueItems: true }, { uniqueItems: false })).toEqual([
      difference("request.constraint-loosened", "$.uniqueItems", "uniqueItems: true → false"),
    ]);
  });

  it("gives a changed pattern its own rule and a changed format the reshaped one", () => {
    expect(
      compare("response", { pattern: "^a", format: "date" }, { pattern: "^b", format: "email" }),
    ).toEqual([
      difference("response.pattern-changed", "$.pattern", 'pattern: "^a" → "^b"'),
      difference("response.constraint-loosened", "$.format", 'format: "date" → "email"'),
    ]);
    expect(compare("request", {}, { pattern: "^a" })).toEqual([
      difference("request.constraint-tightened", "$.pattern", 'pattern: none → "^a"'),
    ]);
    expect(compare("request", { format: "date" }, {})).toEqual([
      difference("request.constraint-loosened", "$.format", 'format: "date" → none'),
    ]);
  });

  it("reports nothing for equal constraints", () => {
    expect(
      compare("request", { minimum: 1, pattern: "^a", uniqueItems: false }, { minimum: 1, pattern: "^a" }),
    ).toEqual([]);
  });
});
