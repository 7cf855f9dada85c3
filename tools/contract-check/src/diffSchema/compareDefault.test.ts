import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareDefault } from "./compareDefault.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (b: Record<string, unknown>, n: Record<string, unknown>) => {
  const ctx = createSchemaDiffContext({}, {}, { direction: "request" });
  compareDefault(b, n, "$.limit", ctx);
  return ctx.out;
};

describe(compareDefault, () => {
  it("reports a changed default: what omitting the parameter means changed", () => {
    expect(compare({ default: 20 }, { default: 50 })).toEqual([
      difference("request.default-changed", "$.limit.default", "default: 20 → 50"),
    ]);
  });

  it("reports a removed default as changed and a new one as added", () => {
    expect(compare({ default: "a" }, {})).toEqual([
      difference("request.default-changed", "$.limit.default", 'default "a" was removed'),
    ]);
    expect(compare({}, { default: null })).toEqual([
      difference("request.default-added", "$.limit.default", "default null was added"),
    ]);
  });

  it("reports nothing for an equal default, key order aside", () => {
    expect(compare({ default: { a: 1, b: 2 } }, { default: { b: 2, a: 1 } })).toEqual([]);
    expect(compare({}, {})).toEqual([]);
  });
});
