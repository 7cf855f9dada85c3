import { metavalueSchema } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { createRandom } from "./createRandom.js";
import { demoEquipmentTypePlans } from "./demoEquipmentTypePlans.js";

describe("demoEquipmentTypePlans", () => {
  it("plans the four types of acc_demo with distinct id letters and serial prefixes", () => {
    expect(demoEquipmentTypePlans.map((plan) => plan.id)).toEqual([
      "et_harness",
      "et_ladder",
      "et_extinguisher",
      "et_gas_detector",
    ]);
    expect(new Set(demoEquipmentTypePlans.map((plan) => plan.letter)).size).toBe(4);
    expect(new Set(demoEquipmentTypePlans.map((plan) => plan.serial)).size).toBe(4);
  });

  it("keeps the harness metafields the docs use", () => {
    expect(demoEquipmentTypePlans[0]!.metafields.map((metafield) => metafield.id)).toEqual([
      "mf_length",
      "mf_brand",
      "mf_sites",
    ]);
  });

  it("draws for each metafield a value the dataset schema accepts", () => {
    const random = createRandom(11);
    for (const plan of demoEquipmentTypePlans) {
      for (const { id } of plan.metafields) {
        for (let i = 0; i < 20; i++)
          expect(metavalueSchema.safeParse(plan.value(random, id)).success).toBe(true);
      }
    }
    const sites = demoEquipmentTypePlans[0]!.value(random, "mf_sites") as { item_ids: number[] };
    expect(sites.item_ids).toHaveLength(2);
  });
});
