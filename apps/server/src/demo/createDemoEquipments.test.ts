import { describe, expect, it } from "vitest";
import { createDemoEquipments } from "./createDemoEquipments.js";
import { createRandom } from "./createRandom.js";
import { DAY } from "./DAY.js";

const now = Date.UTC(2026, 10, 1);
const make = (count: number, harnessShare = 0.5) =>
  createDemoEquipments(createRandom(1), { now, count, harnessShare, userIds: ["u_ada"] });

describe(createDemoEquipments, () => {
  it("spreads the count over the four types, type by type, then adds the other account's five", () => {
    const equipments = make(100);
    const types = equipments.map((e) => e.equipmentType_id);
    expect(types.filter((t) => t === "et_harness")).toHaveLength(50);
    expect(types.filter((t) => t === "et_ladder")).toHaveLength(20);
    expect(types.filter((t) => t === "et_extinguisher")).toHaveLength(20);
    expect(types.filter((t) => t === "et_gas_detector")).toHaveLength(10);
    expect(types.slice(-5)).toEqual(Array(5).fill("et_other_account"));
    expect(types.indexOf("et_ladder")).toBe(50);
  });

  it("creates each type's pieces over the three years before now", () => {
    const equipments = make(100).filter((e) => e.equipmentType_id === "et_harness");
    expect(equipments[0]!.created).toBe(Math.floor((now - 3 * 365 * DAY) / 1000) * 1000);
    expect(equipments.at(-1)!.created).toBeLessThan(now);
  });

  it("pads ids to the digits of the count, at least four", () => {
    expect(make(10)[0]!.id).toBe("eq_h_0001");
    expect(make(20_000, 1)[0]!.id).toBe("eq_h_00001");
  });

  it("makes only the other account's five when the count is zero", () => {
    expect(make(0).map((e) => e.id)).toEqual([1, 2, 3, 4, 5].map((i) => `eq_other_${i}`));
  });
});
