import type { WriteHandler } from "./WriteHandler.js";

/** `equipments.retire`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const equipmentsRetire: WriteHandler<"equipments.retire"> = async () => {
  throw new Error("equipments.retire is not built yet");
};
