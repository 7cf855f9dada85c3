import { describe, expect, it } from "vitest";
import { compareEventSets } from "./compareEventSets.mjs";

// An event as events.list answers it, and the same transition as a row of the peer.
const event = (
  /** @type {number} */ at,
  /** @type {string} */ equipment,
  /** @type {string} */ schedule,
) => ({
  id: `ev_${at}_${equipment}_${schedule}`,
  type: schedule ? "schedule.status_changed" : "equipment.status_changed",
  occurred_at: at,
  cause: "time",
  expected: true,
  equipment_id: equipment,
  equipmentType_id: "et_1",
  ...(schedule ? { schedule_id: schedule } : {}),
  from: "uptodate",
  to: "expiring",
  sequence: null,
});
const row = (/** @type {any} */ e) => ({
  occurred_at: String(e.occurred_at),
  type: e.type,
  equipment_id: e.equipment_id,
  schedule_id: e.schedule_id ?? null,
  from_status: e.from,
  to_status: e.to,
});

describe("compareEventSets", () => {
  const walked = [event(5, "eq_1", "s_1"), event(5, "eq_1", ""), event(9, "eq_2", "s_2")];

  it("finds the same events whatever the order, ids and the window's fields aside", () => {
    const peer = [...walked].reverse().map(row);
    expect(compareEventSets(walked, peer)).toEqual({
      same: true,
      wsafe: 3,
      peer: 3,
      onlyWsafe: 0,
      onlyPeer: 0,
      repeated: 0,
      examples: [],
    });
  });

  it("names what only one side has, so that a peer doing less is printed as a floor", () => {
    const peer = [row(walked[0]), row(walked[1]), row({ ...walked[2], to: "expired" })];
    const result = compareEventSets(walked, peer);
    expect(result).toMatchObject({ same: false, onlyWsafe: 1, onlyPeer: 1, repeated: 0 });
    expect(result.examples).toEqual([
      "- 9 schedule.status_changed eq_2 s_2 uptodate expired",
      "+ 9 schedule.status_changed eq_2 s_2 uptodate expiring",
    ]);
  });

  it("counts an event a walk answers on two pages as a difference, not as the same set", () => {
    const result = compareEventSets([...walked, walked[2]], walked.map(row));
    expect(result).toMatchObject({ same: false, wsafe: 4, peer: 3, repeated: 1, onlyWsafe: 1, onlyPeer: 0 });
  });

  it("tells an equipment event from a schedule event of the same equipment and instant", () => {
    // Same instant, equipment and statuses: only the schedule tells them apart.
    expect(compareEventSets([walked[0]], [row(walked[1])]).same).toBe(false);
  });
});
