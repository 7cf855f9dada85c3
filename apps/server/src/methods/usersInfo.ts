import { quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { MethodHandler } from "./MethodHandler.js";

/** `users.info`: one user of the account; an integer `user` is the id written in decimal. */
export const usersInfo: MethodHandler<"users.info"> = async (params, { services: { store }, token }) => {
  const id = typeof params.user === "number" ? String(params.user) : params.user;
  const user = await store.findUser(token.accountId, id);
  if (!user) throw new ApiError("content_not_found", `user not found: ${quoteInput(id)}`);
  return { ok: true, user: { id: user.id, name: user.name } };
};
