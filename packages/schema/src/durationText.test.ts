import { describe, expect, it } from "vitest";
import { durationText, durationWords, durationWordsInParts } from "./durationText.js";

const [second, minute, hour, day] = [1000, 60_000, 3_600_000, 86_400_000];

describe(durationWords, () => {
  it("says a duration in the largest unit that divides it, as an operator writes it", () => {
    expect(durationWords(90 * day)).toBe("90 days");
    expect(durationWords(2 * hour)).toBe("2 hours");
    expect(durationWords(36 * hour)).toBe("36 hours");
    expect(durationWords(5 * minute)).toBe("5 minutes");
    expect(durationWords(45 * second)).toBe("45 seconds");
    expect(durationWords(1500)).toBe("1500 milliseconds");
  });

  it("says one of a unit in the singular, and nothing in seconds", () => {
    expect([durationWords(hour), durationWords(minute), durationWords(second), durationWords(1)]).toEqual([
      "1 hour",
      "1 minute",
      "1 second",
      "1 millisecond",
    ]);
    expect(durationWords(0)).toBe("0 seconds");
  });

  // The flags' text wrote a day 24h and the webhooks' state_reason 1d: one day is hours everywhere.
  it("says one day in hours and days from two days on, as the flags write them", () => {
    expect([durationWords(day), durationWords(2 * day), durationWords(47 * hour)]).toEqual([
      "24 hours",
      "2 days",
      "47 hours",
    ]);
  });
});

describe(durationText, () => {
  it("writes a duration as the flags take it, by the rule of the words", () => {
    const cases = [90 * day, 2 * day, day, 36 * hour, 2 * hour, 90 * minute, 5 * minute, 45 * second, 0];
    expect(cases.map(durationText)).toEqual(["90d", "2d", "24h", "36h", "2h", "90m", "5m", "45s", "0s"]);
    // The same unit as the words: 90d is 90 days, 24h is 24 hours, 0s is 0 seconds.
    for (const ms of cases)
      expect(durationWords(ms).startsWith(durationText(ms).replace(/[a-z]+$/, " "))).toBe(true);
  });

  it("refuses a duration no flag takes: less than a whole second", () => {
    expect(() => durationText(1500)).toThrow(new RangeError("1500 ms is no whole number of seconds"));
  });
});

describe(durationWordsInParts, () => {
  it("says a sum unit by unit, largest first, by the same day", () => {
    expect(durationWordsInParts(27 * hour + 35 * minute + 5 * second)).toBe("27 hours 35 minutes 5 seconds");
    expect(durationWordsInParts(51 * hour + 35 * minute + 5 * second)).toBe(
      "2 days 3 hours 35 minutes 5 seconds",
    );
    expect(durationWordsInParts(3 * day + 5 * second)).toBe("3 days 5 seconds");
    expect(durationWordsInParts(65 * second + 1)).toBe("1 minute 5 seconds 1 millisecond");
  });

  it("reads as the words do when the largest unit holds it whole, and 0 as 0 seconds", () => {
    for (const ms of [90 * day, day, 36 * hour, 5 * minute, second, 0])
      expect(durationWordsInParts(ms)).toBe(durationWords(ms));
  });
});
