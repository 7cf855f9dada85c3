import { describe, expect, it } from "vitest";
import { createRandom } from "./createRandom.js";

const draws = (seed: number, n: number) => {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => random.next());
};

describe(createRandom, () => {
  it("draws the same sequence for the same seed, and another for another seed", () => {
    expect(draws(1, 20)).toEqual(draws(1, 20));
    expect(draws(2, 20)).not.toEqual(draws(1, 20));
  });

  // The demo dataset is pinned byte for byte; these are the first draws of its default seed.
  it("is mulberry32: the first draws of seed 1 are pinned", () => {
    expect(draws(1, 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it("draws numbers in [0, 1), integers within both bounds, and items of the list", () => {
    const random = createRandom(7);
    for (let i = 0; i < 1000; i++) {
      const n = random.next();
      expect(n >= 0 && n < 1).toBe(true);
      const int = random.int(3, 5);
      expect([3, 4, 5]).toContain(int);
      expect(["a", "b"]).toContain(random.pick(["a", "b"]));
    }
  });

  it("makes each helper consume exactly one draw", () => {
    const a = createRandom(9);
    const b = createRandom(9);
    a.int(1, 10);
    a.chance(0.5);
    a.pick([1, 2, 3]);
    b.next();
    b.next();
    b.next();
    expect(a.next()).toBe(b.next());
  });

  it("reads a chance as the probability of true", () => {
    const random = createRandom(3);
    expect(Array.from({ length: 100 }, () => random.chance(0)).some(Boolean)).toBe(false);
    expect(Array.from({ length: 100 }, () => random.chance(1)).every(Boolean)).toBe(true);
  });
});
