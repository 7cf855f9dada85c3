import type { WriteHandler } from "./WriteHandler.js";

/** `equipmentTypes.update`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const equipmentTypesUpdate: WriteHandler<"equipmentTypes.update"> = async () => {
  throw new Error("equipmentTypes.update is not built yet");
};
