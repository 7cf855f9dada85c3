import { describe, expect, it } from "vitest";
import { durationWords } from "./durationWords.js";

describe(durationWords, () => {
  it("says a duration in the largest unit that divides it, as an operator writes it", () => {
    expect(durationWords(90 * 86_400_000)).toBe("90 days");
    expect(durationWords(2 * 3_600_000)).toBe("2 hours");
    expect(durationWords(36 * 3_600_000)).toBe("36 hours");
    expect(durationWords(5 * 60_000)).toBe("5 minutes");
    expect(durationWords(45_000)).toBe("45 seconds");
    expect(durationWords(1500)).toBe("1500 milliseconds");
  });

  it("says one of a unit in the singular", () => {
    expect([durationWords(86_400_000), durationWords(3_600_000), durationWords(1000)]).toEqual([
      "1 day",
      "1 hour",
      "1 second",
    ]);
    expect(durationWords(0)).toBe("0 milliseconds");
  });
});
