import type { Equipment, Event, Inspection, Schedule } from "@wsafe/schema";
import { type CheckContext, expect } from "./CheckContext.js";
import { pagesOf } from "./findEquipment.js";
import { expectSame } from "./registerWrites.js";

/** What the kit recorded, as far as its version's event goes. */
export interface RecordedVersion {
  /** The equipment as `equipments.list` returned it before the inspection. */
  before: Equipment;
  inspection: Inspection;
  /** The answer's equipment. */
  equipment: Equipment;
}

/** A schedule's stored fields: what "as it was" means whatever the instant its status is computed at. */
const stored = ({ status: _status, ...schedule }: Schedule) => schedule;

/**
 * Checks the record event of the version an inspection that renews a schedule makes:
 * `events.list` naming `equipment.updated` at `recorded_at` holds exactly one event naming
 * the inspection, of cause `inspection`, carrying the answer's equipment (its `version`
 * included) and `previous_attributes.schedules`, the schedules as they were before it
 * (their statuses left out: those are computed at an instant, the dates are what changed).
 * The types are named: a receiver that names none gets the status transitions only.
 *
 * @param ctx - the run
 * @param recorded - the equipment before, the inspection and the answer's equipment
 */
export async function expectVersionEvent(ctx: CheckContext, recorded: RecordedVersion): Promise<void> {
  const { before, inspection, equipment } = recorded;
  const at = inspection.recorded_at;
  const window = { from: at, to: at, types: ["equipment.updated"] };
  const events: Event[] = [];
  for await (const page of pagesOf(ctx, "events.list", window, "events"))
    events.push(...(page as unknown as Event[]).filter((event) => event.inspection_id === inspection.id));
  const [event] = events;
  expect(
    event !== undefined && events.length === 1,
    `events.list with types ["equipment.updated"] holds ${events.length} events naming inspection ${inspection.id}, expected 1: the dates it moved made version ${equipment.version}`,
  );
  expect(
    event.type === "equipment.updated" &&
      event.cause === "inspection" &&
      event.occurred_at === at &&
      event.equipment_id === inspection.equipment_id,
    `event ${event.id} is not the inspection's equipment.updated at recorded_at: ${JSON.stringify({ type: event.type, cause: event.cause, occurred_at: event.occurred_at, equipment_id: event.equipment_id })}`,
  );
  expect(
    event.equipment?.version === equipment.version,
    `equipment.updated carries version ${event.equipment?.version}, the answer's is ${equipment.version}`,
  );
  expectSame(event.equipment, equipment, "equipment.updated's equipment");
  const previous = event.previous_attributes?.schedules;
  expect(
    Array.isArray(previous) && previous.every((s) => typeof s === "object" && s !== null),
    `equipment.updated's previous_attributes has no schedules: ${JSON.stringify(event.previous_attributes)}`,
  );
  expectSame(
    Object.fromEntries(previous.map((s: Schedule) => [s.schedule_id, stored(s)])),
    Object.fromEntries(before.schedules.map((s) => [s.schedule_id, stored(s)])),
    "equipment.updated's previous_attributes.schedules, by schedule_id",
  );
}
