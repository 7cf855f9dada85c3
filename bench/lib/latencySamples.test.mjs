import { describe, expect, it } from "vitest";
import { latencySummary, timelineOf } from "./latencySamples.mjs";

describe("latencySummary", () => {
  it("keeps microseconds: a p99 of 1.2 ms and one of 1.9 ms differ, where autocannon's histogram printed 1 ms for both", () => {
    const round = (/** @type {number} */ tail) =>
      latencySummary(Float64Array.from({ length: 1000 }, (_, i) => (i < 985 ? 400 + i / 10 : tail)));
    expect(round(1200).p99).toBe(1200);
    expect(round(1900).p99).toBe(1900);
    expect(round(1200).p50).toBe(449.9);
  });

  it("takes each percentile by nearest rank, one of the samples, in any order", () => {
    expect(latencySummary(Float64Array.from([300, 100, 200, 900]))).toEqual({
      samples: 4,
      mean: 375,
      min: 100,
      max: 900,
      p50: 200,
      p90: 900,
      p99: 900,
      p99_9: 900,
    });
  });

  it("answers NaN, not zero, for a round without a response", () => {
    expect(latencySummary(new Float64Array(0))).toMatchObject({ samples: 0, p99: Number.NaN });
  });
});

describe("timelineOf", () => {
  it("counts the responses and the slowest of each slice from the first response, so that a stall shows", () => {
    const ends = Float64Array.from([10, 20, 510, 1600, 1700]);
    const micros = Float64Array.from([100, 300, 200, 40_000, 100]);
    expect(timelineOf(ends, micros, 500)).toEqual({
      sliceMs: 500,
      requests: [2, 1, 0, 2],
      maxMicros: [300, 200, 0, 40_000],
    });
  });
});
