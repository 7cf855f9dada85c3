import type { MethodHandler } from "./MethodHandler.js";

/** `webhooks.list`: the account's endpoints, oldest first, each with its state. */
export const webhooksList: MethodHandler<"webhooks.list"> = async (
  _params,
  { services: { webhooks }, token },
) => ({
  ok: true,
  webhooks: await webhooks.store.list(token.accountId),
});
