import { describe, expect, it } from "vitest";
import { fieldDifferences } from "./fieldDifferences.mjs";

describe("fieldDifferences", () => {
  it("finds nothing in the same JSON", () => {
    const value = { ok: true, equipment: { id: "e1", schedules: [{ status: "expired" }], version: 2 } };
    expect(fieldDifferences(value, structuredClone(value))).toEqual([]);
  });

  it("names each field that differs by its path, and a field one side lacks", () => {
    expect(
      fieldDifferences(
        { ok: true, equipment: { version: 2, title: "T", schedules: [{ status: "expired" }] } },
        { ok: true, equipment: { version: 3, schedules: [{ status: "uptodate" }, { status: "expired" }] } },
      ),
    ).toEqual([
      "equipment.version: 2 ≠ 3",
      'equipment.title: "T" ≠ (absent)',
      'equipment.schedules[0].status: "expired" ≠ "uptodate"',
      'equipment.schedules[1]: (absent) ≠ {"status":"expired"}',
    ]);
  });

  it("tells an object's key order apart, where the values agree", () => {
    expect(fieldDifferences({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([
      "(the whole value): keys in another order: a, b ≠ b, a",
    ]);
    expect(fieldDifferences({ m: { x: 1, yy: 2 } }, { m: { yy: 2, x: 1 } })).toEqual([
      "m: keys in another order: x, yy ≠ yy, x",
    ]);
  });

  it("holds types apart: a number is not its text, null is not absent, an array is not an object", () => {
    expect(fieldDifferences({ n: 1 }, { n: "1" })).toEqual(['n: 1 ≠ "1"']);
    expect(fieldDifferences({ n: null }, {})).toEqual(["n: null ≠ (absent)"]);
    expect(fieldDifferences([1], { 0: 1 })).toEqual(['(the whole value): [1] ≠ {"0":1}']);
  });
});
