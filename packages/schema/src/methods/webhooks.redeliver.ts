import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { timestamp } from "../records/primitives.js";
import { webhookSchema } from "../records/webhook.js";
import { defineMethod } from "./defineMethod.js";

// The method's own parameters; the registry's (`webhooksRedeliverParamsSchema`, below) add
// `idempotency_key`, as every write's do.
const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    webhook_id: z
      .string()
      .min(1)
      .describe("The endpoint to deliver to again: `id` of a webhook of the account."),
    event_id: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Only the delivery of this event (`webhook-id` of its attempts, `event_id` in `webhooks.deliveries`): one that gave up, say. An event never delivered to this endpoint answers `content_not_found`.",
      ),
    since: timestamp(
      "Only the deliveries of events recorded at this instant or later: everything since a receiver broke. Omitted (and without `event_id`): every delivery the service still keeps (events are kept for its retention, 90 days by default).",
    ).optional(),
  })
  .meta({
    id: "WebhooksRedeliverParams",
    title: "webhooks.redeliver parameters",
    description: "Request data of `webhooks.redeliver`.",
  });

/** The result of `webhooks.redeliver`. */
export const webhooksRedeliverResultSchema = successEnvelope({
  queued: z
    .int()
    .min(0)
    .describe(
      "How many deliveries were queued again: each is sent at once, its attempts numbered from 1 by the retry schedule. Deliveries still under way (an attempt scheduled or being made) are left as they are and not counted.",
    ),
  webhook: webhookSchema.describe("The endpoint as it is now: `active` again if it was `disabled`."),
}).meta({
  id: "WebhooksRedeliverResult",
  title: "webhooks.redeliver result",
  description: "Success body of `webhooks.redeliver`.",
});

/** Request data of `webhooks.redeliver` (`idempotency_key` included). */
export type WebhooksRedeliverParams = z.input<typeof webhooksRedeliverParamsSchema>;
/** Success body of `webhooks.redeliver`. */
export type WebhooksRedeliverResult = z.infer<typeof webhooksRedeliverResultSchema>;

/** Registry entry of `webhooks.redeliver`. */
export const webhooksRedeliver = defineMethod({
  name: "webhooks.redeliver",
  summary:
    "Sends deliveries of a webhook endpoint again: one event's that gave up, or every one since an instant; a disabled endpoint is enabled again.",
  description: [
    "Queues again the deliveries to the endpoint `webhook_id` that are over (delivered, given up, or dropped when the endpoint was disabled), chosen by `event_id` (that event's), `since` (those of events recorded at that instant or later), or both. Each is sent at once with the same `webhook-id` (the event's `id`), signed anew, and follows the retry schedule from its first attempt again; its attempts appear in `webhooks.deliveries` beside the earlier ones. Receivers that keep the ids they handled answer a repeat `2xx` without acting on it again.",
    "An endpoint that was `disabled` (it answered `410 Gone`, or failed for days without a success) is `active` again: events recorded from now on are delivered to it too. Use this once the receiver is back.",
    "Needs a token with the `write` permission. An endpoint that does not exist or belongs to another account answers `content_not_found`, as does an `event_id` whose event was never delivered to this endpoint.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: webhooksRedeliverResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "Send again everything recorded since the receiver broke",
      illustrative: true,
      request: { token: "wsafe-demo-token-write", webhook_id: "wh_3f2a9c41d07e4b6a", since: 1796083200000 },
      response: {
        ok: true,
        queued: 42,
        webhook: {
          id: "wh_3f2a9c41d07e4b6a",
          url: "https://hooks.example.com/wsafe",
          types: ["schedule.status_changed", "equipment.status_changed"],
          equipmentType_id: null,
          state: "active",
          state_reason: null,
          created: 1796000000000,
          previous_secret_expires_at: null,
        },
      },
    },
    {
      title: "An endpoint of another account is not found",
      request: { token: "wsafe-demo-token-write", webhook_id: "wh_other_account", event_id: "ev_1" },
      response: { ok: false, error: "content_not_found", description: "webhook not found: wh_other_account" },
    },
  ],
});

/**
 * Parameters of `webhooks.redeliver`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * // Everything recorded since the receiver broke, again
 * const params: WebhooksRedeliverParams = { token, webhook_id: "wh_3f2a9c41d07e4b6a", since: Date.parse("2026-12-01T08:00Z") };
 * @see https://docs.wsafe.dev/methods/webhooks.redeliver/
 */
export const webhooksRedeliverParamsSchema = webhooksRedeliver.params;
