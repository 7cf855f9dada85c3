import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyArbitrary } from "./keyArbitrary.js";

describe("keyArbitrary", () => {
  const keys = fc.sample(keyArbitrary, { seed: 1, numRuns: 2000 });

  it("sends prototype names and near misses of real parameters", () => {
    for (const key of ["__proto__", "constructor", "TOKEN", "token ", "colums"]) expect(keys).toContain(key);
  });

  it("sends keys of 100 to 400 characters", () => {
    const long = keys.filter((key) => /^k{100,400}$/.test(key));
    expect(long.length).toBeGreaterThan(0);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(400);
  });
});
