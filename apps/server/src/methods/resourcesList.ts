import { RawJsonResult } from "../results/RawJsonResult.js";
import type { MethodHandler } from "./MethodHandler.js";

/** `resources.list`: every resource of the account, by `sequence` then `id`, versions by `created`. */
export const resourcesList: MethodHandler<"resources.list"> = async (_params, { store, token }) =>
  new RawJsonResult("resources", await store.listResourcesJson(token.accountId), true);
