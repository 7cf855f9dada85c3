import { describe, expect, it } from "vitest";
import { fairnessFigures } from "./fairnessFigures.mjs";

describe("fairnessFigures", () => {
  const wsafe = { medianMs: 40, maxMs: 60 };

  it("holds the worst sample to the 2 s budget, and sets it beside 1.0.0's when there is one", () => {
    const figures = fairnessFigures({
      backlog: 10_000,
      samples: 5,
      wsafe,
      baseline: { commit: "14d39afabc", medianMs: 14_000, maxMs: 15_100 },
    });
    expect(figures.map((f) => [f.peer, f.value, f.peerValue, f.met])).toEqual([
      ["budget 2 s", 60, 2000, true],
      ["1.0.0 (14d39af), rounds", 60, 15_100, null],
    ]);
    expect(figures[0]?.name).toContain("10,000 deliveries");
  });

  it("says when 1.0.0's figure is only a lower bound: nothing arrived in the time waited", () => {
    const figures = fairnessFigures({
      backlog: 10_000,
      samples: 5,
      wsafe,
      baseline: { commit: "14d39afabc", medianMs: 120_000, maxMs: 120_000, lowerBound: true },
    });
    expect(figures[1]?.peer).toBe("1.0.0 (14d39af), rounds: none arrived in");
    expect(figures[1]?.peerValue).toBe(120_000);
  });

  it("misses the goal past 2 s, and prints no baseline it did not measure", () => {
    const figures = fairnessFigures({ backlog: 200, samples: 2, wsafe: { medianMs: 1500, maxMs: 2500 } });
    expect(figures).toHaveLength(1);
    expect(figures[0]?.met).toBe(false);
  });
});
