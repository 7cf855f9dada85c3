import type { MethodHandler } from "./MethodHandler.js";
import { webhookNotFound } from "./webhookNotFound.js";

/** `webhooks.delete`: deletes the account's endpoint, with what was still to be delivered to it. */
export const webhooksDelete: MethodHandler<"webhooks.delete"> = async (
  params,
  { services: { webhooks }, token },
) => {
  if (!(await webhooks.store.delete(token.accountId, params.id))) throw webhookNotFound(params.id);
  return { ok: true };
};
