import { describe, expect, it } from "vitest";
import type { Random } from "./createRandom.js";
import { pickScheduleStatus } from "./pickScheduleStatus.js";

const rolling = (roll: number) => ({ next: () => roll }) as Random;

describe(pickScheduleStatus, () => {
  it.each([
    [0, "uptodate"],
    [0.599, "uptodate"],
    [0.6, "expiring"],
    [0.799, "expiring"],
    [0.8, "expired"],
    [0.929, "expired"],
    [0.93, "never"],
    [0.999, "never"],
  ])("reads a roll of %d as %s", (roll, status) => {
    expect(pickScheduleStatus(rolling(roll))).toBe(status);
  });
});
