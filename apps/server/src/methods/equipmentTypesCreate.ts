import type { WriteHandler } from "./WriteHandler.js";

/** `equipmentTypes.create`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const equipmentTypesCreate: WriteHandler<"equipmentTypes.create"> = async () => {
  throw new Error("equipmentTypes.create is not built yet");
};
