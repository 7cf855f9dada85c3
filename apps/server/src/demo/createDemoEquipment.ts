import type { DatasetEquipment } from "@wsafe/schema";
import type { Random } from "./createRandom.js";
import type { DemoEquipmentTypePlan } from "./DemoEquipmentTypePlan.js";
import { pickScheduleStatus } from "./pickScheduleStatus.js";
import { scheduleDates } from "./scheduleDates.js";
import { scheduleDurations, schedulePeriods } from "./schedulePeriods.js";

/** Where the `index`-th piece of one type sits among its kind. */
interface DemoEquipmentSlot {
  /** 0-based position within its type: names it (`eq_h_0001`) and spaces its creation. */
  index: number;
  /** Digits of the zero-padded number in ids and serial numbers. */
  width: number;
  /** When the type's first piece was created (ms). */
  start: number;
  /** Milliseconds between two pieces' creation. */
  step: number;
  /** The instant the schedules' statuses are arranged around (ms). */
  now: number;
  /** The users of `acc_demo`, to assign. */
  userIds: readonly string[];
}

/**
 * One piece of demo equipment of type `type`: schedules with every status, about one in
 * seven with a parent (an earlier piece of its type), some out of service, some without
 * `clients_id` or `title`. Draws from `random` in a fixed order: that order is the dataset.
 *
 * @example
 * createDemoEquipment(random, demoEquipmentTypePlans[0]!, { index: 0, width: 4, start, step: DAY, now, userIds: ["u_ada"] });
 * // { id: "eq_h_0001", serialNumber: "HN-2020-0001", equipmentType_id: "et_harness", ... }
 */
export function createDemoEquipment(
  random: Random,
  type: DemoEquipmentTypePlan,
  { index: i, width, start, step, now, userIds }: DemoEquipmentSlot,
): DatasetEquipment {
  const number = String(i + 1).padStart(width, "0");
  const id = `eq_${type.letter}_${number}`;
  const scheduleIds =
    type.id === "et_harness"
      ? random.chance(0.9)
        ? ["sch_annual", "sch_monthly", "sch_preuse"]
        : random.pick([[], ["sch_annual"], ["sch_annual", "sch_preuse"]])
      : random.pick([["sch_annual"], ["sch_annual", "sch_monthly"], ["sch_monthly"]]);
  const metavalues: DatasetEquipment["metavalues"] = {};
  for (const metafield of type.metafields) {
    if (random.chance(0.75)) metavalues[metafield.id] = type.value(random, metafield.id);
  }
  const equipment: DatasetEquipment = {
    id,
    serialNumber: `${type.serial}-${2020 + (i % 6)}-${number}`,
    equipmentType_id: type.id,
    // Every tenth record shares its instant with the previous one, so ordering by id shows.
    created: Math.floor((start + (i % 10 === 9 ? i - 1 : i) * step) / 1000) * 1000,
    parent_id:
      i > 10 && random.chance(0.15)
        ? `eq_${type.letter}_${String(random.int(1, i)).padStart(width, "0")}`
        : "",
    fieldOffice_id: [random.pick(["fo_north", "fo_south", "fo_east", "fo_west"])],
    lineOfBusiness_id: random.chance(0.9)
      ? random.pick(["lob_construction", "lob_maintenance", "lob_energy"])
      : "",
    assignedUsers_id: random.chance(0.8) ? [random.pick(userIds)] : [],
    notes: random.chance(0.3) ? random.pick(["Kept in van 3.", "Check strap wear.", "Spare unit.", ""]) : "",
    isInService: random.chance(0.85),
    metavalues,
    schedules: scheduleIds.map((schedule_id) => ({
      schedule_id,
      ...scheduleDates(random, now, pickScheduleStatus(random), schedulePeriods[schedule_id]!),
      ...scheduleDurations[schedule_id]!,
    })),
  };
  if (random.chance(0.7))
    equipment.clients_id = [random.pick(["cl_city", "cl_port", "cl_rail", "cl_school"])];
  if (random.chance(0.8)) equipment.title = `${type.title} #${i + 1}`;
  return equipment;
}
