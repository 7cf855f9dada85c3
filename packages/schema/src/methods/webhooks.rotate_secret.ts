import * as z from "zod";
import { durationWords } from "../durationText.js";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { timestamp } from "../records/primitives.js";
import { webhookSecretSchema } from "../records/webhook.js";
import { webhookDelivery } from "../webhookDelivery.js";
import { defineMethod } from "./defineMethod.js";

// The method's own parameters; the registry's (`webhooksRotateSecretParamsSchema`, below) add
// `idempotency_key`, as every write's do.
const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    id: z.string().min(1).describe("The endpoint whose secret to replace: `id` of a webhook of the account."),
  })
  .meta({
    id: "WebhooksRotateSecretParams",
    title: "webhooks.rotate_secret parameters",
    description: "Request data of `webhooks.rotate_secret`.",
  });

/** The result of `webhooks.rotate_secret`. */
export const webhooksRotateSecretResultSchema = successEnvelope({
  secret: webhookSecretSchema,
  previous_secret_expires_at: timestamp(
    "Until when the secret it replaces still signs beside it: each delivery carries both signatures until then.",
  ),
}).meta({
  id: "WebhooksRotateSecretResult",
  title: "webhooks.rotate_secret result",
  description: "Success body of `webhooks.rotate_secret`: the new secret, shown only here.",
});

/** Request data of `webhooks.rotate_secret` (`idempotency_key` included). */
export type WebhooksRotateSecretParams = z.input<typeof webhooksRotateSecretParamsSchema>;
/** Success body of `webhooks.rotate_secret`. */
export type WebhooksRotateSecretResult = z.infer<typeof webhooksRotateSecretResultSchema>;

/** Registry entry of `webhooks.rotate_secret`. */
export const webhooksRotateSecret = defineMethod({
  name: "webhooks.rotate_secret",
  summary: "Gives a webhook endpoint a new signing secret; the old one keeps signing beside it for 24 hours.",
  description: [
    `Makes a new secret for the endpoint \`id\` and answers it, shown only here. For ${durationWords(webhookDelivery.rotationOverlapMs)} the secret it replaces signs beside it: every delivery's \`webhook-signature\` carries both signatures (space-separated, as the Standard Webhooks specification allows), so a receiver can move to the new secret at its own pace. Rotating again within those hours drops the oldest.`,
    "Needs a token with the `write` permission. An endpoint that does not exist or belongs to another account answers `content_not_found`.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: webhooksRotateSecretResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "Rotate a secret",
      illustrative: true,
      request: { token: "wsafe-demo-token-write", id: "wh_3f2a9c41d07e4b6a" },
      response: {
        ok: true,
        secret: "whsec_2kP7cFq0N9sYwH4tR1vX6zA8bD3eG5jL",
        previous_secret_expires_at: 1796169600000,
      },
    },
    {
      title: "An endpoint of another account is not found",
      request: { token: "wsafe-demo-token-write", id: "wh_other_account" },
      response: { ok: false, error: "content_not_found", description: "webhook not found: wh_other_account" },
    },
  ],
});

/**
 * Parameters of `webhooks.rotate_secret`, as the registry holds them: `idempotency_key` included.
 *
 * @see https://docs.wsafe.dev/methods/webhooks.rotate_secret/
 */
export const webhooksRotateSecretParamsSchema = webhooksRotateSecret.params;
