import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareObject } from "./compareObject.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (
  direction: "request" | "response",
  b: Record<string, unknown>,
  n: Record<string, unknown>,
) => {
  const ctx = createSchemaDiffContext(b, n, { direction });
  compareObject(b, n, "$", ctx, [], []);
  return ctx.out;
};

describe(compareObject, () => {
  it("reports removed and added response fields", () => {
    expect(compare("response", { properties: { a: {} } }, { properties: { b: {} } })).toEqual([
      difference("response.field-removed", "$.properties.a", "field a was removed"),
      difference("response.field-added", "$.properties.b", "field b was added"),
    ]);
  });

  it("tells a removed request parameter of a closed object from one an open object still accepts", () => {
    expect(
      compare(
        "request",
        { properties: { a: {} }, additionalProperties: false },
        { properties: {}, additionalProperties: false },
      ),
    ).toEqual([difference("request.parameter-removed", "$.properties.a", "parameter a was removed")]);
    expect(compare("request", { properties: { a: {} } }, { properties: {} })).toEqual([
      difference("request.constraint-loosened", "$.properties.a", "parameter a is no longer checked"),
    ]);
  });

  it("tells a required new request parameter from an optional one", () => {
    expect(compare("request", { properties: {} }, { properties: { a: {}, b: {} }, required: ["a"] })).toEqual(
      [
        difference("request.required-parameter-added", "$.properties.a", "required parameter a was added"),
        difference("request.optional-parameter-added", "$.properties.b", "optional parameter b was added"),
      ],
    );
  });

  it("compares kept properties through the walker, then their required flag", () => {
    expect(
      compare(
        "request",
        { properties: { a: { type: "string" }, b: {} }, required: ["b"] },
        { properties: { a: { type: "integer" }, b: {} }, required: ["a"] },
      ),
    ).toEqual([
      difference("request.type-changed", "$.properties.a.type", "type changed: string → integer"),
      difference("request.parameter-now-required", "$.properties.a", "a is now required"),
      difference("request.parameter-now-optional", "$.properties.b", "b is now optional"),
    ]);
    expect(
      compare("response", { properties: { a: {} } }, { properties: { a: {} }, required: ["a"] }),
    ).toEqual([difference("response.field-now-required", "$.properties.a", "a is now required")]);
  });

  it("judges other keys: open, a schema, closed, from loosest to strictest", () => {
    expect(compare("response", { properties: {} }, { additionalProperties: { type: "string" } })).toEqual([
      difference("response.constraint-tightened", "$.additionalProperties", "other keys: open → a schema"),
    ]);
    expect(compare("request", { additionalProperties: false }, { additionalProperties: true })).toEqual([
      difference("request.constraint-loosened", "$.additionalProperties", "other keys: closed → open"),
    ]);
    expect(compare("request", { additionalProperties: false }, { additionalProperties: {} })).toEqual([
      difference("request.constraint-loosened", "$.additionalProperties", "other keys: closed → a schema"),
    ]);
    expect(
      compare(
        "request",
        { additionalProperties: { type: "string" } },
        { additionalProperties: { type: "number" } },
      ),
    ).toEqual([
      difference("request.type-changed", "$.additionalProperties.type", "type changed: string → number"),
    ]);
  });

  it("compares propertyNames through the walker, and reports it starting or stopping", () => {
    expect(
      compare("request", { propertyNames: { maxLength: 5 } }, { propertyNames: { maxLength: 3 } }),
    ).toEqual([difference("request.constraint-tightened", "$.propertyNames.maxLength", "maxLength: 5 → 3")]);
    expect(compare("request", {}, { propertyNames: {} })).toEqual([
      difference("request.constraint-tightened", "$.propertyNames", "key names are now checked"),
    ]);
    expect(compare("response", { propertyNames: {} }, {})).toEqual([
      difference("response.constraint-loosened", "$.propertyNames", "key names are no longer checked"),
    ]);
  });

  it("leaves schemas without object keywords alone", () => {
    expect(compare("request", { type: "string" }, { type: "string", minLength: 1 })).toEqual([]);
  });
});
