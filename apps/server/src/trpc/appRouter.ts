import { equipmentsListProcedure } from "../methods/equipmentsList.js";
import { resourcesListProcedure } from "../methods/resourcesList.js";
import { usersInfoProcedure } from "../methods/usersInfo.js";
import { router } from "./procedures.js";

/**
 * The one router of /v1: its procedure paths are the method names of the schema
 * package's registry (`resources.list`, `equipments.list`, `users.info`).
 */
export const appRouter = router({
  resources: router({ list: resourcesListProcedure }),
  equipments: router({ list: equipmentsListProcedure }),
  users: router({ info: usersInfoProcedure }),
});

/** The type of {@link appRouter}. */
export type AppRouter = typeof appRouter;
