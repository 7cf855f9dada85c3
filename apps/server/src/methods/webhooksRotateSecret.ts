import type { MethodHandler } from "./MethodHandler.js";
import { webhookNotFound } from "./webhookNotFound.js";

/** `webhooks.rotate_secret`: a new secret for the account's endpoint; the old one signs beside it a while. */
export const webhooksRotateSecret: MethodHandler<"webhooks.rotate_secret"> = async (
  params,
  { services: { webhooks }, token, now },
) => {
  const rotated = await webhooks.store.rotateSecret(token.accountId, params.id, now);
  if (!rotated) throw webhookNotFound(params.id);
  return { ok: true, secret: rotated.secret.reveal(), previous_secret_expires_at: rotated.previousExpiresAt };
};
