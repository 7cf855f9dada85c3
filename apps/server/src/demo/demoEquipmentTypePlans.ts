import type { DemoEquipmentTypePlan } from "./DemoEquipmentTypePlan.js";

/**
 * The demo account's four equipment types, in the order their equipment is generated:
 * harnesses (with the `mf_length`, `mf_brand`, `mf_sites` metafields the docs use),
 * ladders, extinguishers, and gas detectors without metafields.
 *
 * @example
 * demoEquipmentTypePlans.map((plan) => plan.id); // ["et_harness", "et_ladder", "et_extinguisher", "et_gas_detector"]
 */
export const demoEquipmentTypePlans: readonly DemoEquipmentTypePlan[] = [
  {
    id: "et_harness",
    letter: "h",
    serial: "HN",
    title: "Full body harness",
    metafields: [
      { id: "mf_length", name: "Length (m)" },
      { id: "mf_brand", name: "Brand" },
      { id: "mf_sites", name: "Sites" },
    ],
    value: (random, id) =>
      id === "mf_length"
        ? random.pick([1.5, 1.8, 2, 2.5])
        : id === "mf_brand"
          ? random.pick(["Petzl", "Miller", "3M", "MSA"])
          : { item_ids: [random.int(1, 5), random.int(6, 9)] },
  },
  {
    id: "et_ladder",
    letter: "l",
    serial: "LD",
    title: "Extension ladder",
    metafields: [
      { id: "mf_height", name: "Height (m)" },
      { id: "mf_material", name: "Material" },
    ],
    value: (random, id) =>
      id === "mf_height" ? random.pick([3, 4.5, 6, 8]) : random.pick(["aluminium", "fibreglass"]),
  },
  {
    id: "et_extinguisher",
    letter: "x",
    serial: "FX",
    title: "Fire extinguisher",
    metafields: [
      { id: "mf_agent", name: "Agent" },
      { id: "mf_capacity", name: "Capacity (kg)" },
    ],
    value: (random, id) =>
      id === "mf_agent" ? random.pick(["CO2", "powder", "foam"]) : random.pick([2, 6, 9]),
  },
  { id: "et_gas_detector", letter: "g", serial: "GD", title: "Gas detector", metafields: [], value: () => 0 },
];
