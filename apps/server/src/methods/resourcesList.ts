import { methodProcedure } from "../trpc/procedures.js";
import { RawJsonResult } from "../trpc/RawJsonResult.js";

/** `resources.list`: every resource of the account, by `sequence` then `id`, versions by `created`. */
export const resourcesListProcedure = methodProcedure("resources.list").query(async ({ ctx }) => {
  const { token } = ctx;
  return new RawJsonResult("resources", await ctx.store.listResourcesJson(token.accountId), true);
});
