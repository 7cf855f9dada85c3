import { describe, expect, it } from "vitest";
import { autocannonPercentiles, median, percentiles } from "./percentiles.mjs";

describe("percentiles", () => {
  it("reports a measured sample at each rank, never an interpolated value", () => {
    const samples = [40, 10, 30, 20, 50];
    expect(percentiles(samples, [0, 20, 50, 90, 100])).toEqual([
      { p: 0, value: 10 },
      { p: 20, value: 10 },
      { p: 50, value: 30 },
      { p: 90, value: 50 },
      { p: 100, value: 50 },
    ]);
  });

  it("gives NaN for no samples, so an empty run cannot pass for a fast one", () => {
    expect(median([])).toBeNaN();
  });

  it("leaves the samples in their order", () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe("autocannonPercentiles", () => {
  it("reads autocannon's p-keys as percentiles, sorted, with min and max at 0 and 100", () => {
    const latency = { p99: 9, p2_5: 1, p50: 3, p97_5: 7, p99_9: 12, average: 3.4, min: 0.5, max: 20 };
    expect(autocannonPercentiles(latency)).toEqual([
      { p: 0, value: 0.5 },
      { p: 2.5, value: 1 },
      { p: 50, value: 3 },
      { p: 97.5, value: 7 },
      { p: 99, value: 9 },
      { p: 99.9, value: 12 },
      { p: 100, value: 20 },
    ]);
  });
});
