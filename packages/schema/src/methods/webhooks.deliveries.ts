import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { maxPageSize, paginationShape, responseMetadataSchema } from "../pagination.js";
import { webhookDeliverySchema } from "../records/webhook.js";
import { defineMethod } from "./defineMethod.js";
import { eventsPageSize } from "./events.list.js";

/**
 * Parameters of `webhooks.deliveries`.
 *
 * @see https://docs.wsafe.dev/methods/webhooks.deliveries/
 */
export const webhooksDeliveriesParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    webhook_id: z
      .string()
      .min(1)
      .describe("The endpoint whose attempts to list: `id` of a webhook of the account."),
    limit: paginationShape.limit.describe(
      `Largest number of attempts in this page, 1 to ${maxPageSize}; default ${eventsPageSize}. The answer is always one page and carries \`response_metadata.next_cursor\`. Omitted with a \`cursor\`: the \`limit\` of the walk's first page.`,
    ),
    cursor: paginationShape.cursor,
  })
  .meta({
    id: "WebhooksDeliveriesParams",
    title: "webhooks.deliveries parameters",
    description: "Request data of `webhooks.deliveries`.",
  });

/** The result of `webhooks.deliveries`. */
export const webhooksDeliveriesResultSchema = successEnvelope({
  deliveries: z
    .array(webhookDeliverySchema)
    .describe(
      "One page of the endpoint's attempts, in the order they were made (by `attempted_at`, then `id`).",
    ),
  response_metadata: responseMetadataSchema.describe("Where the walk goes on: always present."),
}).meta({
  id: "WebhooksDeliveriesResult",
  title: "webhooks.deliveries result",
  description: "Success body of `webhooks.deliveries`.",
});

/** Request data of `webhooks.deliveries`. */
export type WebhooksDeliveriesParams = z.input<typeof webhooksDeliveriesParamsSchema>;
/** Success body of `webhooks.deliveries`. */
export type WebhooksDeliveriesResult = z.infer<typeof webhooksDeliveriesResultSchema>;

/** Registry entry of `webhooks.deliveries`. */
export const webhooksDeliveries = defineMethod({
  name: "webhooks.deliveries",
  summary: "Lists the attempts made to deliver events to one webhook endpoint.",
  description: [
    "Returns the delivery attempts made to the endpoint `webhook_id` of the token's account, in the order they were made, one page at a time (`limit`, default 100, at most 1 000): for each, the event, which attempt it was, when, the HTTP status or the error, how long it took, and when it is tried again.",
    "An endpoint that does not exist or belongs to another account answers `content_not_found`. A cursor answers `parameter_invalid` when altered, of another account, or of another endpoint.",
  ].join("\n\n"),
  permission: "read",
  params: webhooksDeliveriesParamsSchema,
  result: webhooksDeliveriesResultSchema,
  ownErrors: ["content_not_found"],
  pagination: { order: ["attempted_at", "id"], filters: ["webhook_id"] },
  examples: [
    {
      title: "The first attempts made to one endpoint",
      illustrative: true,
      request: { token: "wsafe-demo-token-read", webhook_id: "wh_3f2a9c41d07e4b6a", limit: 2 },
      response: {
        ok: true,
        deliveries: [
          {
            id: "att_5b0e7d2a91c4f388",
            event_id: "ev_0366b086f5a60ba50894406d",
            attempt: 1,
            attempted_at: 1796083200130,
            status: null,
            error: "timed out after 15 seconds",
            duration_ms: 15002,
            succeeded: false,
            next_attempt_at: 1796083220132,
          },
          {
            id: "att_9a41c6e03b27d5f1",
            event_id: "ev_0366b086f5a60ba50894406d",
            attempt: 2,
            attempted_at: 1796083220140,
            status: 204,
            error: null,
            duration_ms: 87,
            succeeded: true,
            next_attempt_at: null,
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2lkMlZpYUc5dmEzTXVaR1ZzYVhabGNt.c2lnbmF0dXJl" },
      },
    },
    {
      title: "An endpoint of another account is not found",
      request: { token: "wsafe-demo-token-read", webhook_id: "wh_other_account" },
      response: { ok: false, error: "content_not_found", description: "webhook not found: wh_other_account" },
    },
  ],
});
