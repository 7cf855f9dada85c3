import * as z from "zod";
import { durationWords } from "../durationText.js";
import { webhookDelivery } from "../webhookDelivery.js";
import { eventTypeSchema } from "./event.js";
import { identifier, timestamp } from "./primitives.js";

/**
 * The states of a webhook endpoint, with what each means for its deliveries.
 */
export const webhookStateMeanings = {
  active: "Events are delivered as they are recorded.",
  failing:
    "A delivery gave up after its last attempt (`state_reason` says which and why). Deliveries go on; the next one that succeeds makes the endpoint active again.",
  disabled: `The endpoint answered \`410 Gone\`, or no delivery to it succeeded for ${durationWords(webhookDelivery.disableAfterMs)} (the operator may set another time): nothing more is delivered to it, and what was pending is dropped; \`state_reason\` says which and since when. \`webhooks.redeliver\` makes it active again and sends what it missed.`,
} as const;

/**
 * The state of a webhook endpoint.
 *
 * @see https://docs.wsafe.dev/webhooks/
 */
export const webhookStateSchema = z
  .enum(
    Object.keys(webhookStateMeanings) as [
      keyof typeof webhookStateMeanings,
      ...(keyof typeof webhookStateMeanings)[],
    ],
  )
  .meta({
    id: "WebhookState",
    description: Object.entries(webhookStateMeanings)
      .map(([state, meaning]) => `- \`${state}\`: ${meaning}`)
      .join("\n"),
  });

/** One of `active`, `failing`, `disabled`. */
export type WebhookState = z.infer<typeof webhookStateSchema>;

/**
 * A webhook endpoint of the account: where its events are delivered, signed by the
 * Standard Webhooks specification. Its secret is shown only when it is made or rotated.
 *
 * @example
 * import { webhookSchema } from "@wsafe/schema";
 * webhookSchema.parse({
 *   id: "wh_8c1d2e3f4a5b6c7d", url: "https://hooks.example.com/wsafe", types: ["equipment.status_changed"],
 *   equipmentType_id: null, state: "active", state_reason: null, created: 1796083200000,
 *   previous_secret_expires_at: null,
 * });
 * @see https://docs.wsafe.dev/records/webhook/
 */
export const webhookSchema = z
  .object({
    id: identifier(
      "Identifier of the endpoint: `id` of `webhooks.delete` and `webhooks.rotate_secret`, `webhook_id` of `webhooks.deliveries` and `webhooks.redeliver`.",
    ),
    url: z.string().describe("Where events are POSTed: an `https` URL of a public address."),
    types: z
      .array(eventTypeSchema)
      .describe(
        "The event types delivered to it; when it was made without `types`, the status types (`schedule.status_changed`, `equipment.status_changed`), which is every type of 1.3 and before: record types are delivered only where named.",
      ),
    equipmentType_id: z
      .string()
      .nullable()
      .describe("Only events of this equipment type's equipment are delivered; null: every type."),
    state: webhookStateSchema,
    state_reason: z
      .string()
      .nullable()
      .describe("Why the endpoint is `failing` or `disabled`, for people; null when `active`."),
    created: timestamp("When the endpoint was made."),
    previous_secret_expires_at: timestamp(
      "Until when the secret before the last rotation still signs beside the current one (each delivery then carries both signatures); null when there is none.",
    ).nullable(),
  })
  .meta({
    id: "Webhook",
    title: "Webhook endpoint",
    description:
      "A webhook endpoint of the account: where and which events are delivered, and how its deliveries fare.",
  });

/** A webhook endpoint. */
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * A webhook secret as the service shows it once, when an endpoint is made or its secret
 * rotated: `whsec_` and the key in base64, as the Standard Webhooks libraries take it.
 */
export const webhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+=*$/, {
    error: "must be `whsec_` and the key in base64, as webhooks.create and webhooks.rotate_secret return it",
  })
  .meta({
    id: "WebhookSecret",
    description:
      "The endpoint's signing secret: `whsec_` and the key in base64, as the Standard Webhooks libraries take it. Shown only here: keep it where the receiver can read it.",
  });

/**
 * One attempt to deliver one event to one endpoint, as `webhooks.deliveries` lists it.
 *
 * @see https://docs.wsafe.dev/webhooks/
 */
export const webhookDeliverySchema = z
  .object({
    id: identifier("Identifier of the attempt."),
    event_id: identifier("The event delivered: also the `webhook-id` header of every attempt."),
    attempt: z.int().min(1).describe("Which attempt at this event: 1 for the first."),
    attempted_at: timestamp("When the attempt began."),
    status: z
      .int()
      .nullable()
      .describe("The HTTP status the endpoint answered; null when it answered none (see `error`)."),
    error: z
      .string()
      .nullable()
      .describe(
        "Why no answer counted as a success, when no status says it: `timed out after 15 seconds`, `connection refused`, a TLS failure, a refused address. Null otherwise.",
      ),
    duration_ms: z.int().min(0).describe("How long the attempt took, in milliseconds."),
    succeeded: z.boolean().describe("Whether the endpoint answered 2xx in time: the event is delivered."),
    next_attempt_at: timestamp(
      "When the event is tried again after this failed attempt; null after a success, after the last attempt, or when the endpoint was disabled.",
    ).nullable(),
  })
  .meta({
    id: "WebhookDelivery",
    title: "Webhook delivery attempt",
    description: "One attempt to deliver one event to one endpoint.",
  });

/** One delivery attempt. */
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
