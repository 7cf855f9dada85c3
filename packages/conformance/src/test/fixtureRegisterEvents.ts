import { type DatasetEquipment, equipmentStatusOf, scheduleStatusAt } from "@wsafe/schema";
import type { Fault } from "./Fault.js";
import type { Render } from "./fixtureFeed.js";
import type { AccountRecords, FixtureEquipment, Owner } from "./fixtureRecords.js";

type Row = Record<string, unknown>;

/** An equipment's statuses at an instant: each schedule's, and its own. */
function statusesAt(equipment: DatasetEquipment, at: number) {
  const schedules = new Map(equipment.schedules.map((s) => [s.schedule_id, scheduleStatusAt(s, at)]));
  return { schedules, equipment: equipmentStatusOf([...schedules.values()]) };
}

/**
 * The events of the fixture's register writes, all of cause `api` at the write's instant:
 * a record's own (`equipment.created`, `equipment.updated`, `equipment.retired`,
 * `equipmentType.*`) and the status transitions a write causes.
 *
 * @param records - the two accounts' records: an equipment not in them is out of the register
 * @param events - where each account's events go
 * @param render - an equipment as the lists render it
 * @param fault - the fixture's one fault (`register-events-missing`: no record event)
 */
export function fixtureRegisterEvents(
  records: Record<Owner, AccountRecords>,
  events: (owner: Owner) => Row[],
  render: Render,
  fault: Fault | undefined,
) {
  const event = (owner: Owner, at: number, fields: Row) =>
    events(owner).push({
      id: `ev_fx_api_${events(owner).length}`,
      occurred_at: at,
      cause: "api",
      expected: false,
      from: null,
      to: null,
      sequence: 2_000_000 + events(owner).length,
      ...fields,
    });
  /** The transitions of an equipment's statuses from `was` to now (null: not in the register). */
  const transitions = (owner: Owner, at: number, equipment: FixtureEquipment, was?: DatasetEquipment) => {
    const before = was && statusesAt(was, at);
    const after = records[owner].equipments.includes(equipment) ? statusesAt(equipment, at) : undefined;
    const base = { equipment_id: equipment.id, equipmentType_id: equipment.equipmentType_id };
    const ids = new Set([...(before?.schedules.keys() ?? []), ...(after?.schedules.keys() ?? [])]);
    for (const schedule_id of [...ids].sort()) {
      const from = before?.schedules.get(schedule_id) ?? null;
      const to = after?.schedules.get(schedule_id) ?? null;
      if (from !== to) event(owner, at, { ...base, type: "schedule.status_changed", schedule_id, from, to });
    }
    const [from, to] = [before?.equipment ?? null, after?.equipment ?? null];
    if (from !== to) event(owner, at, { ...base, type: "equipment.status_changed", from, to });
  };
  /** A record's own event, carrying it as rendered at the write's instant. */
  const recordEvent = (
    owner: Owner,
    at: number,
    type: string,
    equipment: FixtureEquipment,
    extra: Row = {},
  ) => {
    if (fault === "register-events-missing") return;
    event(owner, at, {
      type,
      equipment_id: equipment.id,
      equipmentType_id: equipment.equipmentType_id,
      equipment: render(owner, equipment, at),
      ...extra,
    });
  };
  return { event, transitions, recordEvent };
}
