import { describe, expect, it } from "vitest";
import { typesOf } from "./typesOf.js";

describe(typesOf, () => {
  it("reads `type`, a string or a list", () => {
    expect(typesOf({ type: "string" })).toEqual(new Set(["string"]));
    expect(typesOf({ type: ["integer", "null"] })).toEqual(new Set(["integer", "null"]));
  });

  it("reads the types of `const` and `enum` values, telling integers from other numbers", () => {
    expect(typesOf({ const: 1 })).toEqual(new Set(["integer"]));
    expect(typesOf({ const: 1.5 })).toEqual(new Set(["number"]));
    expect(typesOf({ const: null })).toEqual(new Set(["null"]));
    expect(typesOf({ enum: ["a", 2, [], {}, true] })).toEqual(
      new Set(["string", "integer", "array", "object", "boolean"]),
    );
  });

  it("prefers `type` over values and values over structure", () => {
    expect(typesOf({ type: "string", const: 1 })).toEqual(new Set(["string"]));
    expect(typesOf({ const: "a", properties: {} })).toEqual(new Set(["string"]));
  });

  it("takes object and array keywords as the type", () => {
    expect(typesOf({ properties: {} })).toEqual(new Set(["object"]));
    expect(typesOf({ additionalProperties: false })).toEqual(new Set(["object"]));
    expect(typesOf({ required: ["a"] })).toEqual(new Set(["object"]));
    expect(typesOf({ items: {} })).toEqual(new Set(["array"]));
    expect(typesOf({ prefixItems: [] })).toEqual(new Set(["array"]));
  });

  it("answers undefined (any type) when nothing says", () => {
    expect(typesOf({})).toBeUndefined();
    expect(typesOf({ minLength: 1, description: "x" })).toBeUndefined();
  });
});
