import { describe, expect, it } from "vitest";
import { parseRateLimit } from "./parseRateLimit.js";

describe(parseRateLimit, () => {
  it("reads N/Ws", () => {
    expect(parseRateLimit("600/60s")).toEqual({ points: 600, durationSeconds: 60 });
    expect(parseRateLimit(" 5 / 1s ")).toEqual({ points: 5, durationSeconds: 1 });
  });

  it.each(["600", "600/60", "0/60s", "10/0s", "-1/60s", "a/bs", "600/60m"])("refuses %s", (text) => {
    expect(() => parseRateLimit(text)).toThrow(/expected N\/Ws/);
  });
});
