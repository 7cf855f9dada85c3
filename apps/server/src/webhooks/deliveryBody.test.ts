import { describe, expect, it } from "vitest";
import { deliveryBody } from "./deliveryBody.js";

describe(deliveryBody, () => {
  it("writes type, the instant as ISO 8601 and the data, compactly, in that order", () => {
    const data = { id: "evt_1", equipment_id: "eq_1", from: "uptodate", to: "expiring" };
    expect(deliveryBody({ type: "equipment.status_changed", occurredAt: 1795428000123, data })).toBe(
      '{"type":"equipment.status_changed","timestamp":"2026-11-23T10:00:00.123Z",' +
        '"data":{"id":"evt_1","equipment_id":"eq_1","from":"uptodate","to":"expiring"}}',
    );
  });

  it("takes a Date as well as epoch milliseconds", () => {
    const at = new Date("2026-11-23T10:00:00Z");
    expect(deliveryBody({ type: "t.x", occurredAt: at, data: null })).toBe(
      deliveryBody({ type: "t.x", occurredAt: at.getTime(), data: null }),
    );
  });
});
