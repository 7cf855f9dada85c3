import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import type { Branch } from "../flattenSchema.js";
import { compareEnum } from "./compareEnum.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const branch = (schema: Record<string, unknown>, refName?: string): Branch =>
  refName === undefined ? { schema } : { schema, refName };

describe(compareEnum, () => {
  it("reports each added and removed value, added first", () => {
    const ctx = createSchemaDiffContext({}, {}, { direction: "request" });
    compareEnum(branch({ enum: ["a", "b"] }), branch({ enum: ["b", "c"] }), "$", ctx);
    expect(ctx.out).toEqual([
      difference("request.enum-value-added", "$.enum", 'value "c" was added'),
      difference("request.enum-value-removed", "$.enum", 'value "a" was removed'),
    ]);
  });

  it("makes a new response value breaking unless the enum was released as open", () => {
    const closed = createSchemaDiffContext({}, {}, { direction: "response" });
    compareEnum(branch({ enum: ["a"] }), branch({ enum: ["a", "b"] }), "$", closed);
    expect(closed.out.map((d) => d.rule)).toEqual(["response.enum-value-added"]);

    const flagged = createSchemaDiffContext({}, {}, { direction: "response" });
    compareEnum(branch({ enum: ["a"], "x-open-enum": true }), branch({ enum: ["a", "b"] }), "$", flagged);
    expect(flagged.out.map((d) => d.rule)).toEqual(["response.open-enum-value-added"]);

    const named = createSchemaDiffContext({}, {}, { direction: "response", openEnums: new Set(["Status"]) });
    compareEnum(branch({ enum: ["a"] }, "Status"), branch({ enum: ["a", "b"] }, "Status"), "$", named);
    expect(named.out.map((d) => d.rule)).toEqual(["response.open-enum-value-added"]);
  });

  it("treats const as a one-value enum and names it in the path", () => {
    const ctx = createSchemaDiffContext({}, {}, { direction: "response" });
    compareEnum(branch({ const: true }), branch({ enum: [true, false] }), "$.ok", ctx);
    expect(ctx.out).toEqual([difference("response.enum-value-added", "$.ok.const", "value false was added")]);
  });

  it("reports values becoming limited, or no longer limited", () => {
    const ctx = createSchemaDiffContext({}, {}, { direction: "request" });
    compareEnum(branch({}), branch({ const: "x" }), "$", ctx);
    compareEnum(branch({ enum: [1, 2] }), branch({}), "$", ctx);
    expect(ctx.out).toEqual([
      difference("request.constraint-tightened", "$.const", 'values are now limited to ["x"]'),
      difference("request.constraint-loosened", "$.enum", "values are no longer limited to [1,2]"),
    ]);
  });

  it("compares object values by content, not key order", () => {
    const ctx = createSchemaDiffContext({}, {}, { direction: "response" });
    compareEnum(branch({ enum: [{ a: 1, b: 2 }] }), branch({ enum: [{ b: 2, a: 1 }] }), "$", ctx);
    compareEnum(branch({}), branch({}), "$", ctx);
    expect(ctx.out).toEqual([]);
  });
});
