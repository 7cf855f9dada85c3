import { isDeepStrictEqual } from "node:util";
import { type Equipment, type Event, methods } from "@wsafe/schema";
import { type CheckContext, CheckSkipped, expect } from "./CheckContext.js";
import { pagesOf } from "./findEquipment.js";
import { readFeed } from "./readFeed.js";
import { atRequest, expectSame, type RegisterRun } from "./registerWrites.js";

const changes = "equipments.changes";
const recordTypes = ["equipment.created", "equipment.updated", "equipment.retired"] as const;

/** The equipment's entries in equipments.changes read from `cursor` to its end, and where it ended. */
export async function reported(ctx: CheckContext, run: RegisterRun, cursor: string | undefined, id: string) {
  if (cursor === undefined)
    throw new CheckSkipped(run.feedSkipped ?? "equipments.changes was not read before the create");
  const feed = methods[changes].feed;
  if (!feed) throw new CheckSkipped(`${changes} is no feed in this schema version`);
  const read = await readFeed(ctx, changes, feed, { cursor });
  return { entries: read.entries.filter((entry) => entry.key === id), cursor: read.cursor };
}

/**
 * The type's equipment, in and out of service, holding `id`: none once it is retired.
 */
export async function listedInType(
  ctx: CheckContext,
  type: string,
  id: string,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for await (const rows of pagesOf(
    ctx,
    "equipments.list",
    { equipmentType_id: type, service_type: "all" },
    "equipments",
  ))
    found.push(...rows.filter((row) => row.id === id));
  return found;
}

/** Checks the events of the run's equipment against what its three writes answered. */
export async function expectEvents(
  ctx: CheckContext,
  equipment: Equipment,
  writes: RegisterRun["created"][],
) {
  const [created, updated, retired] = writes as NonNullable<RegisterRun["created"]>[];
  const events: Event[] = [];
  const window = {
    from: created!.sent - 1000,
    to: Date.now(),
    equipmentType_id: equipment.equipmentType_id,
    types: ["schedule.status_changed", "equipment.status_changed", ...recordTypes],
  };
  for await (const page of pagesOf(ctx, "events.list", window, "events"))
    events.push(...(page as unknown as Event[]).filter((event) => event.equipment_id === equipment.id));
  const [schedule] = equipment.schedules;
  const want = [
    `equipment.created ${created!.equipment.version}`,
    `schedule.status_changed ${schedule?.schedule_id} null->${schedule?.status}`,
    `equipment.status_changed - null->${equipment.status}`,
    `equipment.updated ${updated!.equipment.version}`,
    `schedule.status_changed ${schedule?.schedule_id} ${schedule?.status}->null`,
    `equipment.status_changed - ${equipment.status}->null`,
    `equipment.retired ${retired!.equipment.version}`,
  ].sort();
  const got = events
    .map((event) => {
      expect(
        event.cause === "api",
        `event ${event.id} (${event.type}) has cause ${event.cause}, expected api`,
      );
      const record = (event as { equipment?: Equipment }).equipment;
      return record
        ? `${event.type} ${record.version}`
        : `${event.type} ${event.schedule_id ?? "-"} ${event.from}->${event.to}`;
    })
    .sort();
  expect(
    isDeepStrictEqual(got, want),
    `its events are ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
  );
  for (const [type, written] of [
    ["equipment.created", created],
    ["equipment.updated", updated],
    ["equipment.retired", retired],
  ] as const) {
    const event = events.find((candidate) => candidate.type === type);
    expect(
      atRequest(event?.occurred_at, written!),
      `${type} occurred at ${event?.occurred_at}, not at its write's instant`,
    );
    expectSame(
      (event as { equipment?: Equipment } | undefined)?.equipment,
      written!.equipment,
      `${type}'s equipment`,
    );
  }
  const previous = (
    events.find((event) => event.type === "equipment.updated") as
      | { previous_attributes?: unknown }
      | undefined
  )?.previous_attributes;
  expectSame(
    previous,
    { title: created!.equipment.title, notes: created!.equipment.notes },
    "equipment.updated's previous_attributes",
  );
}
