import { describe, expect, it } from "vitest";
import { inspectionClockSkewMs, inspectionRecordProblem, inspectionsListProblem } from "./inspectionRules.js";

const now = Date.UTC(2026, 11, 1);
const day = 86_400_000;

describe(inspectionRecordProblem, () => {
  it("accepts a performed_at up to the clock skew ahead, and refuses one beyond it", () => {
    expect(
      inspectionRecordProblem({ result: "passed", performed_at: now + inspectionClockSkewMs }, now),
    ).toBeUndefined();
    expect(
      inspectionRecordProblem({ result: "passed", performed_at: now + inspectionClockSkewMs + 1 }, now),
    ).toEqual({
      error: "parameter_invalid",
      parameter: "performed_at",
      description:
        "invalid parameter: performed_at: 2026-12-01T00:05:00.001Z (1796083500001) is later than the service's clock, 2026-12-01T00:00:00.000Z (1796083200000), by more than the 5 minutes a device's clock may run ahead: record an inspection once it is performed",
    });
  });

  it("refuses next dates on a failed inspection", () => {
    expect(inspectionRecordProblem({ result: "failed", expiresOn: now + day }, now)?.parameter).toBe(
      "expiresOn",
    );
    expect(inspectionRecordProblem({ result: "failed", expiringOn: now + day }, now)?.parameter).toBe(
      "expiringOn",
    );
    expect(inspectionRecordProblem({ result: "failed", performed_at: now - day }, now)).toBeUndefined();
  });

  it("wants expiresOn after performed_at (default: now) and expiringOn not after expiresOn", () => {
    expect(inspectionRecordProblem({ result: "passed", expiresOn: now }, now)?.description).toBe(
      "invalid parameter: expiresOn: 2026-12-01T00:00:00.000Z (1796083200000) is not after performed_at, 2026-12-01T00:00:00.000Z (1796083200000) (default: the request's instant)",
    );
    expect(
      inspectionRecordProblem({ result: "passed", performed_at: now - 2 * day, expiresOn: now - day }, now),
    ).toBeUndefined();
    expect(
      inspectionRecordProblem({ result: "passed", expiresOn: now + day, expiringOn: now + day + 1 }, now)
        ?.parameter,
    ).toBe("expiringOn");
    expect(
      inspectionRecordProblem({ result: "passed", expiresOn: now + day, expiringOn: now + day }, now),
    ).toBeUndefined();
    // Without expiresOn the one to compare with is the schedule's: the service checks it.
    expect(inspectionRecordProblem({ result: "passed", expiringOn: now - day }, now)).toBeUndefined();
  });

  it("says why a failed inspection takes no next date", () => {
    expect(inspectionRecordProblem({ result: "failed", expiresOn: now + day, expiringOn: now }, now)).toEqual(
      {
        error: "parameter_invalid",
        parameter: "expiresOn",
        description:
          "invalid parameter: expiresOn: a failed inspection sets no next date: the schedule is expired from performed_at until a passed inspection is recorded",
      },
    );
  });

  it("compares expiresOn with the performed_at given, without the default's note", () => {
    expect(
      inspectionRecordProblem({ result: "passed", performed_at: now - day, expiresOn: now - day }, now),
    ).toEqual({
      error: "parameter_invalid",
      parameter: "expiresOn",
      description:
        "invalid parameter: expiresOn: 2026-11-30T00:00:00.000Z (1795996800000) is not after performed_at, 2026-11-30T00:00:00.000Z (1795996800000)",
    });
  });
});

describe(inspectionsListProblem, () => {
  it("wants equipment_id beside schedule_id, and to not before from", () => {
    expect(inspectionsListProblem({ schedule_id: "s" })?.parameter).toBe("schedule_id");
    expect(inspectionsListProblem({ schedule_id: "s", equipment_id: "e" })).toBeUndefined();
    expect(inspectionsListProblem({ from: 2, to: 1 })?.parameter).toBe("to");
    expect(inspectionsListProblem({ from: 1, to: 1 })).toBeUndefined();
  });

  it("refuses a schedule_id alone, saying what it needs", () => {
    expect(inspectionsListProblem({ schedule_id: "sch_annual" })).toEqual({
      error: "parameter_invalid",
      parameter: "schedule_id",
      description:
        "invalid parameter: schedule_id: names a schedule of one equipment, so it needs equipment_id beside it",
    });
  });

  it("refuses a to before from, naming both instants", () => {
    expect(inspectionsListProblem({ from: now, to: now - 1 })).toEqual({
      error: "parameter_invalid",
      parameter: "to",
      description:
        "invalid parameter: to: 2026-11-30T23:59:59.999Z (1796083199999) is before from, 2026-12-01T00:00:00.000Z (1796083200000)",
    });
  });

  it("takes a from or a to alone as a window open at the other end", () => {
    expect(inspectionsListProblem({ from: now })).toBeUndefined();
    expect(inspectionsListProblem({ to: now })).toBeUndefined();
  });

  // A JavaScript date reaches ±8.64e15 ms (±100 000 000 days) from the epoch, both included.
  it("names an instant by its date as far as dates reach, and by its milliseconds alone beyond", () => {
    const earliest = -8.64e15;
    expect(inspectionsListProblem({ from: 0, to: earliest })?.description).toBe(
      "invalid parameter: to: -271821-04-20T00:00:00.000Z (-8640000000000000) is before from, 1970-01-01T00:00:00.000Z (0)",
    );
    expect(inspectionsListProblem({ from: earliest, to: earliest - 1 })?.description).toBe(
      "invalid parameter: to: -8640000000000001 is before from, -271821-04-20T00:00:00.000Z (-8640000000000000)",
    );
  });
});
