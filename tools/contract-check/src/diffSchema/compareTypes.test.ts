import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareTypes } from "./compareTypes.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const context = (direction: "request" | "response") => createSchemaDiffContext({}, {}, { direction });

describe(compareTypes, () => {
  it("reports a widened type and goes on comparing", () => {
    const ctx = context("request");
    expect(compareTypes({ type: "integer" }, { type: ["integer", "string"] }, "$.a", ctx)).toBe(true);
    expect(ctx.out).toEqual([
      difference("request.type-widened", "$.a.type", "type widened: integer → integer | string"),
    ]);
  });

  it("reports a narrowed type", () => {
    const ctx = context("response");
    expect(compareTypes({ type: "number" }, { type: "integer" }, "$", ctx)).toBe(true);
    expect(ctx.out).toEqual([
      difference("response.type-narrowed", "$.type", "type narrowed: number → integer"),
    ]);
  });

  it("sees integer to number as widening only", () => {
    const ctx = context("response");
    compareTypes({ type: "integer" }, { type: "number" }, "$", ctx);
    expect(ctx.out).toEqual([
      difference("response.type-widened", "$.type", "type widened: integer → number"),
    ]);
  });

  it("reports a changed type and stops when the types share nothing", () => {
    const ctx = context("request");
    expect(compareTypes({ type: "string" }, { type: "boolean" }, "$", ctx)).toBe(false);
    expect(ctx.out).toEqual([difference("request.type-changed", "$.type", "type changed: string → boolean")]);
  });

  it("counts a type that stops being constrained as widened to any", () => {
    const ctx = context("request");
    expect(compareTypes({ type: "string" }, {}, "$", ctx)).toBe(true);
    expect(ctx.out).toEqual([difference("request.type-widened", "$.type", "type widened: string → any")]);
  });

  it("reports nothing when neither side constrains the type, or both allow the same", () => {
    const ctx = context("response");
    expect(compareTypes({}, { description: "x" }, "$", ctx)).toBe(true);
    expect(compareTypes({ type: "string" }, { const: "a" }, "$", ctx)).toBe(true);
    expect(ctx.out).toEqual([]);
  });
});
