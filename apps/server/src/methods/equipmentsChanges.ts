import type { MethodHandler } from "./MethodHandler.js";

/** `equipments.changes`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const equipmentsChanges: MethodHandler<"equipments.changes"> = async () => {
  throw new Error("equipments.changes is not built yet");
};
