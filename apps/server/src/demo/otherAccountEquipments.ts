import type { DatasetEquipment } from "@wsafe/schema";
import { DAY } from "./DAY.js";

/**
 * Five pieces of equipment of the second account, `acc_other`, one day apart after
 * `start`: what a token of `acc_demo` must never see.
 *
 * @example
 * otherAccountEquipments(start).map((e) => e.id); // ["eq_other_1", ..., "eq_other_5"]
 */
export function otherAccountEquipments(start: number): DatasetEquipment[] {
  const equipments: DatasetEquipment[] = [];
  for (let i = 1; i <= 5; i++) {
    equipments.push({
      id: `eq_other_${i}`,
      serialNumber: `OT-${i}`,
      equipmentType_id: "et_other_account",
      created: start + i * DAY,
      parent_id: "",
      fieldOffice_id: [],
      lineOfBusiness_id: "",
      assignedUsers_id: ["u_other"],
      notes: "",
      isInService: true,
      metavalues: { mf_other: "x" },
      schedules: [],
    });
  }
  return equipments;
}
