import type { WriteHandler } from "./WriteHandler.js";

/** `schedules.remove`: SCAFFOLD, replaced by its real handler before this branch merges. */
export const schedulesRemove: WriteHandler<"schedules.remove"> = async () => {
  throw new Error("schedules.remove is not built yet");
};
