import { describe, expect, it } from "vitest";
import { demoEquipmentTypePlans } from "./demoEquipmentTypePlans.js";
import { demoEquipmentTypes } from "./demoEquipmentTypes.js";

describe(demoEquipmentTypes, () => {
  it("lists the planned types of acc_demo, then one type of each other account", () => {
    const types = demoEquipmentTypes();
    expect(types.map((type) => [type.id, type.account_id])).toEqual([
      ...demoEquipmentTypePlans.map((plan) => [plan.id, "acc_demo"]),
      ["et_other_account", "acc_other"],
      ["et_closed", "acc_closed"],
    ]);
    expect(types[0]).toEqual({
      id: "et_harness",
      account_id: "acc_demo",
      name: "Full body harness",
      metafields: [
        { id: "mf_length", name: "Length (m)" },
        { id: "mf_brand", name: "Brand" },
        { id: "mf_sites", name: "Sites" },
      ],
    });
  });
});
