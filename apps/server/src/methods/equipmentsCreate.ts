import type { WriteHandler } from "./WriteHandler.js";

/** `equipments.create`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const equipmentsCreate: WriteHandler<"equipments.create"> = async () => {
  throw new Error("equipments.create is not built yet");
};
