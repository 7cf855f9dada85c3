import * as z from "zod";
import { durationWords } from "../durationText.js";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { eventTypeSchema } from "../records/event.js";
import { webhookSchema, webhookSecretSchema } from "../records/webhook.js";
import { webhookDelivery } from "../webhookDelivery.js";
import { defineMethod } from "./defineMethod.js";

// The method's own parameters; the registry's (`webhooksCreateParamsSchema`, below) add
// `idempotency_key`, as every write's do.
const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    url: z
      .string()
      .min(1)
      .describe(
        "Where to POST the events: an absolute `https` URL whose host is a public address, or a name all of whose addresses are public (loopback, private, link-local and cloud-metadata addresses are refused, now and again at every delivery).",
      ),
    types: z
      .array(eventTypeSchema)
      .optional()
      .describe(
        "Only events of these types. Omitted or empty: the status types, `schedule.status_changed` and `equipment.status_changed`; the record types (`equipment.created`, `equipment.updated`, `equipment.retired`, `equipmentType.created`, `equipmentType.updated`) come only where named.",
      ),
    equipmentType_id: z
      .string()
      .min(1)
      .optional()
      .describe("Only events of this equipment type's equipment. Omitted: every type of the account."),
  })
  .meta({
    id: "WebhooksCreateParams",
    title: "webhooks.create parameters",
    description: "Request data of `webhooks.create`.",
  });

/** The result of `webhooks.create`. */
export const webhooksCreateResultSchema = successEnvelope({
  webhook: webhookSchema,
  secret: webhookSecretSchema,
}).meta({
  id: "WebhooksCreateResult",
  title: "webhooks.create result",
  description: "Success body of `webhooks.create`: the endpoint, and its secret, shown only here.",
});

/** Request data of `webhooks.create` (`idempotency_key` included). */
export type WebhooksCreateParams = z.input<typeof webhooksCreateParamsSchema>;
/** Success body of `webhooks.create`. */
export type WebhooksCreateResult = z.infer<typeof webhooksCreateResultSchema>;

/** The waits of the retry schedule after the first attempt, in words: `5 seconds, ... and 24 hours`. */
const retryWaits = webhookDelivery.retryScheduleMs
  .slice(1)
  .map(durationWords)
  .join(", ")
  .replace(/, (?=[^,]*$)/, " and ");

/** Registry entry of `webhooks.create`. */
export const webhooksCreate = defineMethod({
  name: "webhooks.create",
  summary:
    "Makes a webhook endpoint: events of the account are POSTed to its URL, signed, as they are recorded.",
  description: [
    'Makes an endpoint of the token\'s account and answers it with its signing secret (`whsec_...`), which is shown only here. From now on every event recorded for the account (of `types`, of the equipment of `equipmentType_id`, when given) is delivered to `url` by the Standard Webhooks specification: headers `webhook-id` (the event\'s id), `webhook-timestamp` and `webhook-signature` (`v1,` and an HMAC-SHA256), body `{"type", "timestamp", "data"}` where `data` is the event record.',
    `A 2xx answer within ${durationWords(webhookDelivery.timeoutMs)} is a success; no redirect is followed. A failed delivery is tried again after ${retryWaits}; after the last attempt the endpoint is \`failing\`. A \`410 Gone\` disables it at once, as do ${durationWords(webhookDelivery.disableAfterMs)} of failures without a success. Deliveries are at least once: a repeat carries the same \`webhook-id\`.`,
    "`url` must be `https` and reach a public address: loopback, private, link-local and cloud-metadata addresses are refused (`parameter_invalid`), and so is a name that resolves to one; each delivery checks the address it connects to again. An operator may allow `http` and private addresses for local development.",
    `Needs a token with the \`write\` permission. An account has at most ${webhookDelivery.endpointsPerAccount} endpoints (\`limit_reached\`). An \`equipmentType_id\` that does not exist or belongs to another account answers \`content_not_found\`.`,
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: webhooksCreateResultSchema,
  ownErrors: ["content_not_found", "limit_reached"],
  examples: [
    {
      title: "Tell the ticketing system when a harness's status changes",
      illustrative: true,
      request: {
        token: "wsafe-demo-token-write",
        url: "https://tickets.example.com/hooks/wsafe",
        types: ["equipment.status_changed"],
        equipmentType_id: "et_harness",
      },
      response: {
        ok: true,
        webhook: {
          id: "wh_3f2a9c41d07e4b6a",
          url: "https://tickets.example.com/hooks/wsafe",
          types: ["equipment.status_changed"],
          equipmentType_id: "et_harness",
          state: "active",
          state_reason: null,
          created: 1796083200000,
          previous_secret_expires_at: null,
        },
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    },
    {
      title: "A private address is refused",
      request: { token: "wsafe-demo-token-write", url: "https://10.0.0.5/hooks" },
      response: {
        ok: false,
        error: "parameter_invalid",
        description:
          "invalid parameter: url: 10.0.0.5 is a private address; webhooks reach public addresses only (wsafe serve --webhooks-allow-private allows it for local development)",
      },
    },
    {
      title: "An equipment type of another account is not found",
      request: {
        token: "wsafe-demo-token-write",
        url: "https://93.184.215.14/hooks/wsafe",
        equipmentType_id: "et_other_account",
      },
      response: {
        ok: false,
        error: "content_not_found",
        description: "equipment type not found: et_other_account",
      },
    },
    {
      title: "A read token cannot make one",
      request: { token: "wsafe-demo-token-read", url: "https://tickets.example.com/hooks/wsafe" },
      response: { ok: false, error: "token_permission", description: "the token lacks the write permission" },
    },
  ],
});

/**
 * Parameters of `webhooks.create`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: WebhooksCreateParams = { token, url: "https://hooks.example.com/wsafe", types: ["equipment.status_changed"] };
 * @see https://docs.wsafe.dev/methods/webhooks.create/
 */
export const webhooksCreateParamsSchema = webhooksCreate.params;
