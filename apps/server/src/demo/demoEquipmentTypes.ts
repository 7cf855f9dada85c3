import type { Dataset } from "@wsafe/schema";
import { demoEquipmentTypePlans } from "./demoEquipmentTypePlans.js";

/**
 * The dataset's equipment types: the {@link demoEquipmentTypePlans} of `acc_demo`, then
 * one of `acc_other` and one of the inactive `acc_closed`.
 *
 * @example
 * demoEquipmentTypes().find((type) => type.id === "et_harness")?.metafields.length; // 3
 */
export function demoEquipmentTypes(): Dataset["equipmentTypes"] {
  return [
    ...demoEquipmentTypePlans.map((type) => ({
      id: type.id,
      account_id: "acc_demo",
      name: type.title,
      metafields: type.metafields,
    })),
    {
      id: "et_other_account",
      account_id: "acc_other",
      name: "Other account's scaffolds",
      metafields: [{ id: "mf_other", name: "Other" }],
    },
    { id: "et_closed", account_id: "acc_closed", name: "Closed account's tools", metafields: [] },
  ];
}
