import type { WriteHandler } from "./WriteHandler.js";

/** `schedules.set`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const schedulesSet: WriteHandler<"schedules.set"> = async () => {
  throw new Error("schedules.set is not built yet");
};
