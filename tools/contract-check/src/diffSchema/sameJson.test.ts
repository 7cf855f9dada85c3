import { describe, expect, it } from "vitest";
import { sameJson } from "./sameJson.js";

describe(sameJson, () => {
  it("ignores the order of object keys, at any depth", () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(
      true,
    );
  });

  it("keeps the order of array items", () => {
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  it("tells values apart by type and content", () => {
    expect(sameJson(1, "1")).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it("treats a missing value like another missing value only", () => {
    expect(sameJson(undefined, undefined)).toBe(true);
    expect(sameJson(undefined, null)).toBe(false);
  });
});
