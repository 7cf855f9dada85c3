import { describe, expect, it } from "vitest";
import { cpuMillisPerSecond, idleCpuSummary, readCpuNanos } from "./idleCpu.mjs";

describe("cpuMillisPerSecond", () => {
  it("adds up the processes' CPU between two readings, per second of wall time", () => {
    // 30 ms and 10 ms over 10 s: 4 ms per second.
    const before = new Map([
      [1, 1e9],
      [2, 5e8],
    ]);
    const after = new Map([
      [1, 1.03e9],
      [2, 5.1e8],
    ]);
    expect(cpuMillisPerSecond(before, after, 10)).toBeCloseTo(4, 10);
  });

  it("counts a backend opened meanwhile from zero and leaves out one that closed", () => {
    const before = new Map([
      [1, 1e9],
      [3, 7e9],
    ]);
    const after = new Map([
      [1, 1e9],
      [2, 2e7],
    ]);
    expect(cpuMillisPerSecond(before, after, 2)).toBeCloseTo(10, 10);
  });

  it("answers NaN rather than a made-up figure when nothing can be told", () => {
    expect(cpuMillisPerSecond(new Map(), new Map([[1, 5]]), 0)).toBeNaN();
    expect(cpuMillisPerSecond(new Map([[1, 5]]), new Map(), 1)).toBeNaN();
  });
});

describe("idleCpuSummary", () => {
  it("takes the median slice, so that one collection does not make the figure", () => {
    expect(idleCpuSummary([2, 40, 3, Number.NaN])).toEqual({
      medianMsPerSecond: 3,
      meanMsPerSecond: 15,
      slices: [2, 40, 3, Number.NaN],
    });
  });
});

describe("readCpuNanos", () => {
  it.skipIf(process.platform !== "linux")("reads this process's CPU time, which grows as it works", () => {
    const before = readCpuNanos(process.pid);
    const until = performance.now() + 30;
    while (performance.now() < until) Math.sqrt(Math.random());
    const after = readCpuNanos(process.pid);
    expect(before).toBeGreaterThan(0);
    expect(/** @type {number} */ (after) - /** @type {number} */ (before)).toBeGreaterThanOrEqual(10e6);
    expect(readCpuNanos(2 ** 22 + 1)).toBeNull();
  });
});
