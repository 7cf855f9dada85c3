import type { DatasetEquipment } from "@wsafe/schema";
import { createDemoEquipment } from "./createDemoEquipment.js";
import type { Random } from "./createRandom.js";
import { DAY } from "./DAY.js";
import { demoEquipmentTypePlans } from "./demoEquipmentTypePlans.js";
import { equipmentCountsByType } from "./equipmentCountsByType.js";
import { otherAccountEquipments } from "./otherAccountEquipments.js";

/**
 * All the demo's equipment: `count` pieces of `acc_demo` over its four types (see
 * {@link equipmentCountsByType}), each type's created evenly over the three years
 * before `now`, then the other account's five.
 *
 * @param userIds - the users of `acc_demo`, to assign
 * @example
 * createDemoEquipments(createRandom(1), { now: Date.now(), count: 100, harnessShare: 0.5, userIds: ["u_ada"] }).length; // 105
 */
export function createDemoEquipments(
  random: Random,
  {
    now,
    count,
    harnessShare,
    userIds,
  }: { now: number; count: number; harnessShare: number; userIds: readonly string[] },
): DatasetEquipment[] {
  const counts = equipmentCountsByType(count, harnessShare);
  const width = Math.max(4, String(count).length);
  const equipments: DatasetEquipment[] = [];
  const start = now - 3 * 365 * DAY;
  demoEquipmentTypePlans.forEach((type, typeIndex) => {
    const n = counts[typeIndex]!;
    const step = n > 0 ? Math.max(1, Math.floor((3 * 365 * DAY) / n)) : 1;
    for (let index = 0; index < n; index++) {
      equipments.push(createDemoEquipment(random, type, { index, width, start, step, now, userIds }));
    }
  });
  equipments.push(...otherAccountEquipments(start));
  return equipments;
}
