import { quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { WebhookStore } from "../webhooks/WebhookStore.js";
import type { WriteHandler } from "./WriteHandler.js";
import { webhookNotFound } from "./webhookNotFound.js";

/**
 * `webhooks.redeliver`: queues again the deliveries of the account's endpoint that are
 * over, chosen by `event_id` and `since`, and makes a disabled endpoint active again.
 */
export const webhooksRedeliver: WriteHandler<"webhooks.redeliver"> = (params, { token }, transaction) =>
  transaction(async ({ sql }) => {
    const redelivered = await new WebhookStore(sql).redeliver(token.accountId, params.webhook_id, {
      eventId: params.event_id,
      since: params.since,
    });
    if (redelivered === undefined) throw webhookNotFound(params.webhook_id);
    if (redelivered === "no_delivery")
      throw new ApiError(
        "content_not_found",
        `no delivery of event ${quoteInput(params.event_id ?? "")} to webhook ${quoteInput(params.webhook_id)}`,
      );
    return { ok: true, queued: redelivered.queued, webhook: redelivered.webhook };
  });
