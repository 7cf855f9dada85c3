import { describe, expect, it } from "vitest";
import { maxRestartDelayMs, restartDelay } from "./restartDelay.js";

describe(restartDelay, () => {
  it("doubles with each quick crash in a row, up to its ceiling", () => {
    expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(restartDelay(30)).toBe(maxRestartDelayMs);
  });

  it("waits the least after a healthy run (no quick crash counted)", () => {
    expect(restartDelay(0)).toBe(500);
  });
});
