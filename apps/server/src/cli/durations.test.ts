import { durationText } from "@wsafe/schema";
import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { duration, durationList, durationListText } from "./durations.js";

const thrown = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as Error;
  }
  throw new Error("did not throw");
};

describe(duration, () => {
  it("reads a number and one unit", () => {
    expect([duration("90d"), duration("36h"), duration("30m"), duration("45s")]).toEqual([
      7_776_000_000, 129_600_000, 1_800_000, 45_000,
    ]);
  });

  it("refuses other units and zero, saying what it takes", () => {
    for (const text of ["5min", "2 hours", "1.5h", "0s", ""])
      expect(thrown(() => duration(text))).toBeInstanceOf(InvalidArgumentError);
    expect(thrown(() => duration("5min")).message).toBe(
      "expected a number and one unit of d, h, m, s, such as 90d, 36h, 30m or 45s",
    );
  });
});

describe(durationList, () => {
  it("reads durations separated by commas, 0 and 0s being at once", () => {
    expect(durationList("0s,5s,5m,30m,2h")).toEqual([0, 5000, 300_000, 1_800_000, 7_200_000]);
    expect(durationList("0, 1s")).toEqual([0, 1000]);
  });

  // The docs' default `0s,5s,5min,30min,...` got an error naming neither the item nor the list.
  it("names the wrong item, its place, and that the value is a list", () => {
    expect(thrown(() => durationList("0s,5s,5min,30min")).message).toBe(
      'expected a list of durations separated by commas, such as 0s,5s,5m,30m; item 3 of 4, "5min", is not one: write a number and one unit of d, h, m, s, such as 90d, 36h, 30m or 45s',
    );
    expect(thrown(() => durationList("0s,,5s")).message).toContain('item 2 of 3, "", is not one');
  });
});

describe(durationText, () => {
  it("reads back what the schema writes a duration as, one day being 24h", () => {
    for (const ms of [7_776_000_000, 129_600_000, 7_200_000, 300_000, 45_000, 86_400_000])
      expect(duration(durationText(ms))).toBe(ms);
    expect([durationText(7_776_000_000), durationText(129_600_000), durationText(300_000)]).toEqual([
      "90d",
      "36h",
      "5m",
    ]);
    expect(durationListText([0, 5000, 300_000, 86_400_000, 2 * 86_400_000])).toBe("0s,5s,5m,24h,2d");
    expect(durationList(durationListText([0, 5000, 86_400_000]))).toEqual([0, 5000, 86_400_000]);
  });
});
