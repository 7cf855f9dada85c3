import { describe, expect, it } from "vitest";
import { describeTypes } from "./describeTypes.js";

describe(describeTypes, () => {
  it("joins the types in their order", () => {
    expect(describeTypes(new Set(["string", "integer"]))).toBe("string | integer");
  });

  it("says any for an unconstrained type", () => {
    expect(describeTypes(undefined)).toBe("any");
  });
});
