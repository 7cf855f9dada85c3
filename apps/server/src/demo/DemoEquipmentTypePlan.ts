import type { DatasetEquipment } from "@wsafe/schema";
import type { Random } from "./createRandom.js";

/**
 * How the demo makes equipment of one type: its id, the letter of its equipment ids,
 * the prefix of its serial numbers, its title, its metafields and how to draw a value
 * for each.
 *
 * @example
 * const ladder: DemoEquipmentTypePlan = { id: "et_ladder", letter: "l", serial: "LD", title: "Extension ladder",
 *   metafields: [{ id: "mf_height", name: "Height (m)" }], value: (random) => random.pick([3, 4.5]) };
 */
export interface DemoEquipmentTypePlan {
  id: string;
  letter: string;
  serial: string;
  title: string;
  metafields: { id: string; name: string }[];
  value: (random: Random, metafield: string) => DatasetEquipment["metavalues"][string];
}
