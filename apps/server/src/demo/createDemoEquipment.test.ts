import { datasetEquipmentSchema } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { createDemoEquipment } from "./createDemoEquipment.js";
import { createRandom } from "./createRandom.js";
import { DAY } from "./DAY.js";
import { demoEquipmentTypePlans } from "./demoEquipmentTypePlans.js";
import { schedulePeriods } from "./schedulePeriods.js";

const now = Date.UTC(2026, 10, 1);
const [harness, ladder] = demoEquipmentTypePlans;
const slot = { index: 0, width: 4, start: now - 3 * 365 * DAY, step: DAY, now, userIds: ["u_ada", "1042"] };

describe(createDemoEquipment, () => {
  it("names the piece by its type's letter and serial prefix, zero-padded to the width", () => {
    expect(createDemoEquipment(createRandom(1), harness!, { ...slot, index: 41 })).toMatchObject({
      id: "eq_h_0042",
      serialNumber: "HN-2025-0042",
      equipmentType_id: "et_harness",
    });
    expect(createDemoEquipment(createRandom(1), ladder!, { ...slot, index: 0, width: 6 }).id).toBe(
      "eq_l_000001",
    );
  });

  it("creates pieces a step apart, every tenth at the same instant as the one before", () => {
    const created = (index: number) =>
      createDemoEquipment(createRandom(1), harness!, { ...slot, index }).created;
    expect(created(1) - created(0)).toBe(DAY);
    expect(created(9)).toBe(created(8));
  });

  it("makes records the dataset schema accepts, following schedules that have a period", () => {
    const random = createRandom(2);
    for (const type of demoEquipmentTypePlans) {
      for (let index = 0; index < 50; index++) {
        const equipment = createDemoEquipment(random, type, { ...slot, index });
        expect(datasetEquipmentSchema.parse(equipment)).toEqual(equipment);
        for (const schedule of equipment.schedules)
          expect(schedulePeriods[schedule.schedule_id]).toBeDefined();
        for (const key of Object.keys(equipment.metavalues))
          expect(type.metafields.map((metafield) => metafield.id)).toContain(key);
      }
    }
  });

  it("gives a parent only to later pieces, and only an earlier piece of its type", () => {
    const random = createRandom(3);
    const parents = Array.from({ length: 300 }, (_, index) =>
      createDemoEquipment(random, harness!, { ...slot, index }),
    )
      .map((equipment, index) => [index, equipment.parent_id] as const)
      .filter(([, parent]) => parent !== "");
    expect(parents.length).toBeGreaterThan(0);
    for (const [index, parent] of parents) {
      expect(index).toBeGreaterThan(10);
      expect(Number(parent.slice("eq_h_".length))).toBeLessThanOrEqual(index);
    }
  });
});
