import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareRest } from "./compareRest.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (b: Record<string, unknown>, n: Record<string, unknown>) => {
  const ctx = createSchemaDiffContext(b, n, { direction: "request" });
  compareRest(b, n, "$", ctx, [], []);
  return ctx.out;
};

describe(compareRest, () => {
  it("compares allOf part by part when both have as many parts", () => {
    expect(compare({ allOf: [{}, { maxLength: 5 }] }, { allOf: [{}, { maxLength: 3 }] })).toEqual([
      difference("request.constraint-tightened", "$.allOf[1].maxLength", "maxLength: 5 → 3"),
    ]);
  });

  it("reports an allOf that changed shape as a change it cannot judge", () => {
    expect(compare({ allOf: [{}] }, { allOf: [{}, {}] })).toEqual([
      difference("schema.unsupported-change", "$.allOf", "allOf changed shape"),
    ]);
    expect(compare({}, { allOf: [] })).toEqual([
      difference("schema.unsupported-change", "$.allOf", "allOf changed shape"),
    ]);
  });

  it("reports a change of a keyword the gate does not model, never ignores it", () => {
    expect(compare({ not: { type: "null" } }, { not: { type: "string" } })).toEqual([
      difference(
        "schema.unsupported-change",
        "$.not",
        'keyword not changed: {"type":"null"} → {"type":"string"}',
      ),
    ]);
    expect(compare({}, { if: { type: "string" } })).toEqual([
      difference("schema.unsupported-change", "$.if", 'keyword if changed: none → {"type":"string"}'),
    ]);
  });

  it("ignores annotations, extensions and the keywords the other comparisons model", () => {
    expect(
      compare(
        {
          description: "a",
          title: "A",
          examples: [1],
          "x-note": 1,
          deprecated: false,
          $defs: {},
          maximum: 1,
        },
        { description: "b", title: "B", examples: [2], "x-note": 2, deprecated: true, maximum: 2, items: {} },
      ),
    ).toEqual([]);
  });
});
