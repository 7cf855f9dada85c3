import { equipmentShape, scheduleSchema, statusMeanings } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { referenceEquipmentStatus, referenceScheduleStatus } from "./referenceStatus.js";

describe("the reference status rules", () => {
  // The reference is written from these words; when the contract's rules change, this
  // fails first and says which text to implement again.
  it("implements the texts the schema publishes, as they read today", () => {
    expect(scheduleSchema.meta()?.description).toBe(
      "An inspection schedule of one equipment. Its status, at the evaluation instant `now`, by the first rule that holds: `expiresOn` or `lastCompletedOn` is `null` (never completed) → `expired`; `now >= expiresOn` → `expired`; `now >= expiringOn` → `expiring`; otherwise → `uptodate`.",
    );
    expect(statusMeanings).toEqual({
      uptodate: "Inspection current.",
      expiring: "Inspection close to expiry: the evaluation instant has reached `expiringOn`.",
      expired: "Inspection expired, or never completed.",
    });
    expect(equipmentShape.status.description).toBe(
      "Overall status: the most severe of its schedules' statuses (`expired` before `expiring` before `uptodate`), and `uptodate` when it has no schedules.",
    );
  });

  it("takes each rule over exactly at its date", () => {
    const dates = { expiringOn: 10, expiresOn: 20, lastCompletedOn: 0 };
    expect([9, 10, 19, 20].map((now) => referenceScheduleStatus(dates, now))).toEqual([
      "uptodate",
      "expiring",
      "expiring",
      "expired",
    ]);
    expect(referenceScheduleStatus({ ...dates, expiringOn: null }, 19)).toBe("uptodate");
    expect(referenceScheduleStatus({ ...dates, expiresOn: null }, 0)).toBe("expired");
    expect(referenceScheduleStatus({ ...dates, lastCompletedOn: null }, 0)).toBe("expired");
  });

  it("gives an equipment the most severe status, uptodate without schedules", () => {
    expect(referenceEquipmentStatus([])).toBe("uptodate");
    expect(referenceEquipmentStatus(["uptodate", "expiring", "uptodate"])).toBe("expiring");
    expect(referenceEquipmentStatus(["expiring", "expired"])).toBe("expired");
  });
});
