import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { webhookSchema } from "../records/webhook.js";
import { defineMethod } from "./defineMethod.js";

/**
 * Parameters of `webhooks.list`: the envelope only.
 *
 * @see https://docs.wsafe.dev/methods/webhooks.list/
 */
export const webhooksListParamsSchema = z.strictObject({ ...requestEnvelopeShape }).meta({
  id: "WebhooksListParams",
  title: "webhooks.list parameters",
  description: "Request data of `webhooks.list`: `token` and `pretty`.",
});

/** The result of `webhooks.list`. */
export const webhooksListResultSchema = successEnvelope({
  webhooks: z
    .array(webhookSchema)
    .describe("The account's endpoints, oldest first (by `created`, then `id`), each with its state."),
}).meta({
  id: "WebhooksListResult",
  title: "webhooks.list result",
  description: "Success body of `webhooks.list`.",
});

/** Request data of `webhooks.list`. */
export type WebhooksListParams = z.input<typeof webhooksListParamsSchema>;
/** Success body of `webhooks.list`. */
export type WebhooksListResult = z.infer<typeof webhooksListResultSchema>;

/** Registry entry of `webhooks.list`. */
export const webhooksList = defineMethod({
  name: "webhooks.list",
  summary: "Returns the account's webhook endpoints, each with its state.",
  description: [
    "Returns every webhook endpoint of the token's account, oldest first, each with its state: `active`, `failing` (a delivery gave up; `state_reason` says which) or `disabled` (it answered `410 Gone`, or failed for days without a success; `webhooks.redeliver` enables it again). Secrets are never shown here.",
    "`webhooks.deliveries` lists the attempts made to one endpoint.",
  ].join("\n\n"),
  permission: "read",
  params: webhooksListParamsSchema,
  result: webhooksListResultSchema,
  ownErrors: [],
  examples: [
    {
      title: "The account's endpoints",
      illustrative: true,
      request: { token: "wsafe-demo-token-read" },
      response: {
        ok: true,
        webhooks: [
          {
            id: "wh_3f2a9c41d07e4b6a",
            url: "https://tickets.example.com/hooks/wsafe",
            types: ["equipment.status_changed"],
            equipmentType_id: "et_harness",
            state: "failing",
            state_reason:
              "event ev_0366b086f5a60ba50894406d: gave up after attempt 10 of 10 (503 Service Unavailable)",
            created: 1796083200000,
            previous_secret_expires_at: null,
          },
        ],
      },
    },
  ],
});
