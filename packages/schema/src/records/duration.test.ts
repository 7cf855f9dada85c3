import { describe, expect, it } from "vitest";
import { addDuration, parseDuration } from "./duration.js";

const at = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);

describe(parseDuration, () => {
  it("reads years, months, weeks and days in that order", () => {
    expect(parseDuration("P1Y6M2W3D")).toEqual({ years: 1, months: 6, weeks: 2, days: 3 });
    expect(parseDuration("P30D")).toEqual({ years: 0, months: 0, weeks: 0, days: 30 });
  });

  it.each(["P", "", "1Y", "PT12H", "P1DT2H", "P1.5D", "P-1D", "P1D1Y", "p1y", "P1Y ", "P12345Y"])(
    "refuses %j",
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );
});

describe(addDuration, () => {
  it("keeps the day of the month, and goes to the month's last day when it is shorter", () => {
    expect(addDuration(at(2027, 1, 31), "P1M")).toBe(at(2027, 2, 28));
    expect(addDuration(at(2028, 1, 31), "P1M")).toBe(at(2028, 2, 29));
    expect(addDuration(at(2027, 3, 31), "P1M")).toBe(at(2027, 4, 30));
    expect(addDuration(at(2028, 2, 29), "P1Y")).toBe(at(2029, 2, 28));
    expect(addDuration(at(2027, 1, 15), "P1M")).toBe(at(2027, 2, 15));
  });

  it("adds years and months before weeks and days, and keeps the time of day (UTC)", () => {
    expect(addDuration(at(2027, 1, 31, 9, 30), "P1M1D")).toBe(at(2027, 3, 1, 9, 30));
    expect(addDuration(at(2026, 12, 30, 23, 59), "P1W")).toBe(at(2027, 1, 6, 23, 59));
    expect(addDuration(at(2026, 11, 30), "P13M")).toBe(at(2027, 12, 30));
    expect(addDuration(at(2026, 11, 30), "P0D")).toBe(at(2026, 11, 30));
  });

  it("moves back the same way", () => {
    expect(addDuration(at(2027, 3, 31), "P1M", -1)).toBe(at(2027, 2, 28));
    expect(addDuration(at(2027, 3, 1, 12), "P1D", -1)).toBe(at(2027, 2, 28, 12));
    expect(addDuration(at(2027, 1, 15), "P2M", -1)).toBe(at(2026, 11, 15));
    expect(addDuration(at(2027, 1, 6), "P1W", -1)).toBe(at(2026, 12, 30));
  });

  it("works before the epoch too", () => {
    expect(addDuration(at(1969, 1, 31), "P1M")).toBe(at(1969, 2, 28));
  });

  it("counts years 0-99 as themselves, not as 1900-1999 (Date.UTC's reading)", () => {
    const at = (text: string) => Date.parse(text);
    expect(new Date(addDuration(at("0099-12-15T08:00:00Z"), "P1M")).toISOString()).toBe(
      "0100-01-15T08:00:00.000Z",
    );
    expect(new Date(addDuration(at("0100-01-15T00:00:00Z"), "P1M", -1)).toISOString()).toBe(
      "0099-12-15T00:00:00.000Z",
    );
    // Year 0 is a leap year in the proleptic Gregorian calendar.
    expect(new Date(addDuration(at("0000-01-31T00:00:00Z"), "P1M")).toISOString()).toBe(
      "0000-02-29T00:00:00.000Z",
    );
  });

  it("takes a duration already parsed as the text it was read from", () => {
    expect(addDuration(at(2027, 1, 31), { years: 0, months: 1, weeks: 0, days: 0 })).toBe(at(2027, 2, 28));
    expect(addDuration(at(2027, 3, 31, 8), parseDuration("P1Y2W")!, -1)).toBe(at(2026, 3, 17, 8));
  });

  it("refuses what is not a calendar duration, quoting it", () => {
    expect(() => addDuration(0, "PT1H")).toThrow(RangeError);
    expect(() => addDuration(0, "PT1H")).toThrow("not an ISO 8601 calendar duration: PT1H");
  });
});
