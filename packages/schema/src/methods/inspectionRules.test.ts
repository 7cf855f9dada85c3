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
});

describe(inspectionsListProblem, () => {
  it("wants equipment_id beside schedule_id, and to not before from", () => {
    expect(inspectionsListProblem({ schedule_id: "s" })?.parameter).toBe("schedule_id");
    expect(inspectionsListProblem({ schedule_id: "s", equipment_id: "e" })).toBeUndefined();
    expect(inspectionsListProblem({ from: 2, to: 1 })?.parameter).toBe("to");
    expect(inspectionsListProblem({ from: 1, to: 1 })).toBeUndefined();
  });
});
