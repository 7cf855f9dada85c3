import { describe, expect, it } from "vitest";
import { formatDuration } from "./formatDuration.js";

describe(formatDuration, () => {
  it("writes a duration as the flags do, in the largest whole unit", () => {
    expect(formatDuration(5 * 86_400_000)).toBe("5d");
    expect(formatDuration(36 * 3_600_000)).toBe("36h");
    expect(formatDuration(90 * 60_000)).toBe("90m");
    expect(formatDuration(45_000)).toBe("45s");
  });

  it("falls back to milliseconds for what no unit holds whole", () => {
    expect(formatDuration(1500)).toBe("1500 ms");
    expect(formatDuration(0)).toBe("0 ms");
  });
});
