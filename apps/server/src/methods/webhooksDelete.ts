import { WebhookStore } from "../webhooks/WebhookStore.js";
import type { WriteHandler } from "./WriteHandler.js";
import { webhookNotFound } from "./webhookNotFound.js";

/** `webhooks.delete`: deletes the account's endpoint, with what was still to be delivered to it. */
export const webhooksDelete: WriteHandler<"webhooks.delete"> = (params, { token }, transaction) =>
  transaction(async ({ sql }) => {
    if (!(await new WebhookStore(sql).delete(token.accountId, params.id))) throw webhookNotFound(params.id);
    return { ok: true };
  });
