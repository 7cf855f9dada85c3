import { ApiError } from "../pipeline/ApiError.js";
import { methodProcedure } from "../trpc/procedures.js";

/** `users.info`: one user of the account; an integer `user` is the id written in decimal. */
export const usersInfoProcedure = methodProcedure("users.info").query(async ({ ctx, input }) => {
  const { token } = ctx;
  const id = typeof input.user === "number" ? String(input.user) : input.user;
  const user = await ctx.store.findUser(token.accountId, id);
  if (!user) throw new ApiError("content_not_found", `user not found: ${id}`);
  return { ok: true as const, user: { id: user.id, name: user.name } };
});
