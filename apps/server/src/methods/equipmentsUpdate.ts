import type { WriteHandler } from "./WriteHandler.js";

/** `equipments.update`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const equipmentsUpdate: WriteHandler<"equipments.update"> = async () => {
  throw new Error("equipments.update is not built yet");
};
