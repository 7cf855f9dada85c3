import { describe, expect, it } from "vitest";
import { DAY } from "./DAY.js";
import { otherAccountEquipments } from "./otherAccountEquipments.js";

describe(otherAccountEquipments, () => {
  it("makes five pieces of acc_other's type, one day apart after start", () => {
    const equipments = otherAccountEquipments(0);
    expect(equipments.map((e) => [e.id, e.equipmentType_id, e.created])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [`eq_other_${i}`, "et_other_account", i * DAY]),
    );
    expect(equipments[0]).toEqual({
      id: "eq_other_1",
      serialNumber: "OT-1",
      equipmentType_id: "et_other_account",
      created: DAY,
      parent_id: "",
      fieldOffice_id: [],
      lineOfBusiness_id: "",
      assignedUsers_id: ["u_other"],
      notes: "",
      isInService: true,
      metavalues: { mf_other: "x" },
      schedules: [],
    });
  });
});
