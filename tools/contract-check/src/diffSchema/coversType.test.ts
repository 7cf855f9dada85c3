import { describe, expect, it } from "vitest";
import { coversType } from "./coversType.js";

describe(coversType, () => {
  it("admits a type in the set", () => {
    expect(coversType(new Set(["string", "null"]), "null")).toBe(true);
    expect(coversType(new Set(["string"]), "boolean")).toBe(false);
  });

  it("admits integers where numbers are allowed, not the reverse", () => {
    expect(coversType(new Set(["number"]), "integer")).toBe(true);
    expect(coversType(new Set(["integer"]), "number")).toBe(false);
  });

  it("admits everything when any type is allowed", () => {
    expect(coversType(undefined, "object")).toBe(true);
  });
});
