import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { defineMethod } from "./defineMethod.js";

// The method's own parameters; the registry's (`webhooksDeleteParamsSchema`, below) add
// `idempotency_key`, as every write's do.
const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    id: z.string().min(1).describe("The endpoint to delete: `id` of a webhook of the account."),
  })
  .meta({
    id: "WebhooksDeleteParams",
    title: "webhooks.delete parameters",
    description: "Request data of `webhooks.delete`.",
  });

/** The result of `webhooks.delete`. */
export const webhooksDeleteResultSchema = successEnvelope({}).meta({
  id: "WebhooksDeleteResult",
  title: "webhooks.delete result",
  description: "Success body of `webhooks.delete`: `ok` alone.",
});

/** Request data of `webhooks.delete` (`idempotency_key` included). */
export type WebhooksDeleteParams = z.input<typeof webhooksDeleteParamsSchema>;
/** Success body of `webhooks.delete`. */
export type WebhooksDeleteResult = z.infer<typeof webhooksDeleteResultSchema>;

/** Registry entry of `webhooks.delete`. */
export const webhooksDelete = defineMethod({
  name: "webhooks.delete",
  summary: "Deletes a webhook endpoint: nothing more is delivered to it.",
  description:
    "Deletes the endpoint `id` of the token's account, with what was still to be delivered to it and its attempts. An attempt already under way when it is deleted may still arrive. Needs a token with the `write` permission. An endpoint that does not exist or belongs to another account answers `content_not_found`.",
  permission: "write",
  params: ownParamsSchema,
  result: webhooksDeleteResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "Delete an endpoint",
      illustrative: true,
      request: { token: "wsafe-demo-token-write", id: "wh_3f2a9c41d07e4b6a" },
      response: { ok: true },
    },
    {
      title: "An endpoint of another account is not found",
      request: { token: "wsafe-demo-token-write", id: "wh_other_account" },
      response: { ok: false, error: "content_not_found", description: "webhook not found: wh_other_account" },
    },
  ],
});

/**
 * Parameters of `webhooks.delete`, as the registry holds them: `idempotency_key` included.
 *
 * @see https://docs.wsafe.dev/methods/webhooks.delete/
 */
export const webhooksDeleteParamsSchema = webhooksDelete.params;
