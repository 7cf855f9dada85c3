import { describe, expect, it } from "vitest";
import { equipmentCountsByType } from "./equipmentCountsByType.js";

describe(equipmentCountsByType, () => {
  it("gives the harnesses their share and 40 % of the rest each to ladders and extinguishers", () => {
    expect(equipmentCountsByType(3000, 0.5)).toEqual([1500, 600, 600, 300]);
    expect(equipmentCountsByType(500, 0.3)).toEqual([150, 140, 140, 70]);
  });

  it("never goes negative: a rounding overshoot leaves the gas detectors at zero", () => {
    expect(equipmentCountsByType(3, 0.5)).toEqual([2, 1, 1, 0]);
    for (const count of [0, 1, 3, 7, 101, 2999]) {
      for (const share of [0, 0.3, 0.5, 0.99, 1]) {
        const counts = equipmentCountsByType(count, share);
        expect(counts.every((n) => n >= 0)).toBe(true);
        if (counts[3]! > 0) expect(counts.reduce((a, b) => a + b)).toBe(count);
      }
    }
    expect(equipmentCountsByType(50_000, 1)).toEqual([50_000, 0, 0, 0]);
  });
});
