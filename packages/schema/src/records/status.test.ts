import { describe, expect, it } from "vitest";
import {
  describeStatusCondition,
  equipmentStatusOf,
  scheduleStatusAt,
  scheduleStatusRules,
  statusesBySeverity,
  statusSchema,
} from "./status.js";

const dates = { expiringOn: 1_000, expiresOn: 2_000, lastCompletedOn: 0 };

describe(scheduleStatusAt, () => {
  it("is uptodate one millisecond before expiringOn, expiring at it", () => {
    expect(scheduleStatusAt(dates, 999)).toBe("uptodate");
    expect(scheduleStatusAt(dates, 1_000)).toBe("expiring");
  });

  it("is expiring one millisecond before expiresOn, expired at it", () => {
    expect(scheduleStatusAt(dates, 1_999)).toBe("expiring");
    expect(scheduleStatusAt(dates, 2_000)).toBe("expired");
  });

  it("is expired whenever expiresOn or lastCompletedOn is null", () => {
    expect(scheduleStatusAt({ ...dates, expiresOn: null }, 0)).toBe("expired");
    expect(scheduleStatusAt({ ...dates, lastCompletedOn: null }, 0)).toBe("expired");
  });

  it("never reaches a null expiringOn", () => {
    expect(scheduleStatusAt({ ...dates, expiringOn: null }, 1_500)).toBe("uptodate");
  });
});

describe(equipmentStatusOf, () => {
  it("takes the most severe schedule status, uptodate without schedules", () => {
    expect(equipmentStatusOf([])).toBe("uptodate");
    expect(equipmentStatusOf(["uptodate", "expiring"])).toBe("expiring");
    expect(equipmentStatusOf(["expiring", "expired", "uptodate"])).toBe("expired");
  });
});

describe("status rules as data", () => {
  it("orders the statuses by severity, as the enum lists them", () => {
    expect(statusesBySeverity).toEqual(["uptodate", "expiring", "expired"]);
    expect(statusSchema.options).toEqual(statusesBySeverity);
  });

  it("ends with a rule that always holds", () => {
    expect(scheduleStatusRules.at(-1)?.when).toEqual({ otherwise: true });
  });

  it("reads each rule for people", () => {
    expect(scheduleStatusRules.map((rule) => describeStatusCondition(rule.when))).toEqual([
      "`expiresOn` or `lastCompletedOn` is `null` (never completed)",
      "`now >= expiresOn`",
      "`now >= expiringOn`",
      "otherwise",
    ]);
  });
});
