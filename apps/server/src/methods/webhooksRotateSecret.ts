import { WebhookStore } from "../webhooks/WebhookStore.js";
import type { WriteHandler } from "./WriteHandler.js";
import { webhookNotFound } from "./webhookNotFound.js";

/** `webhooks.rotate_secret`: a new secret for the account's endpoint; the old one signs beside it a while. */
export const webhooksRotateSecret: WriteHandler<"webhooks.rotate_secret"> = (
  params,
  { token, now },
  transaction,
) =>
  transaction(async ({ sql }) => {
    const rotated = await new WebhookStore(sql).rotateSecret(token.accountId, params.id, now);
    if (!rotated) throw webhookNotFound(params.id);
    return {
      ok: true,
      secret: rotated.secret.reveal(),
      previous_secret_expires_at: rotated.previousExpiresAt,
    };
  });
