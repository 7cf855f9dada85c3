import { describe, expect, it } from "vitest";
import { disallowedValueFor, wrongValueFor } from "./wrongValueFor.js";

const root = { $defs: { Kind: { type: "string", enum: ["in", "out"] } } };

describe(wrongValueFor, () => {
  it("picks a value of a type the schema does not admit", () => {
    expect(wrongValueFor({ type: "boolean" }, root)).toEqual({ conformance: "wrong type" });
    expect(wrongValueFor({ type: "object" }, root)).toBe(true);
    expect(wrongValueFor({ anyOf: [{ type: "string" }, { type: "integer" }] }, root)).toEqual({
      conformance: "wrong type",
    });
    expect(
      wrongValueFor({ anyOf: [{ type: "object" }, { type: "boolean" }, { type: "integer" }] }, root),
    ).toBe("conformance-wrong-type");
  });

  it("follows $ref and reads types from enums", () => {
    expect(wrongValueFor({ $ref: "#/$defs/Kind", default: "in" }, root)).toEqual({
      conformance: "wrong type",
    });
    expect(wrongValueFor({ enum: [true, false] }, root)).toEqual({ conformance: "wrong type" });
  });

  it("gives up on a schema that admits anything", () => {
    expect(wrongValueFor({}, root)).toBeUndefined();
  });
});

describe(disallowedValueFor, () => {
  it("finds a string outside an enum, also inside an array", () => {
    expect(disallowedValueFor({ $ref: "#/$defs/Kind" }, root)).toBe("conformance-not-allowed");
    expect(disallowedValueFor({ type: "array", items: { $ref: "#/$defs/Kind" } }, root)).toEqual([
      "conformance-not-allowed",
    ]);
    expect(disallowedValueFor({ type: "string" }, root)).toBeUndefined();
  });
});
