import { Webhook } from "standardwebhooks";
import type { WebhookSecret } from "./WebhookSecret.js";

/** The three headers of a Standard Webhooks delivery. */
export interface WebhookHeaders {
  /** The event id: the same on every attempt, so receivers can drop repeats. */
  readonly "webhook-id": string;
  /** The attempt's instant, integer seconds since the epoch: receivers refuse old ones. */
  readonly "webhook-timestamp": string;
  /** `v1,<base64 HMAC-SHA256>` per secret, space-separated. */
  readonly "webhook-signature": string;
  readonly [header: string]: string;
}

/** What is signed, and with what. */
export interface SignRequest {
  /** The event id (`webhook-id`); must not contain a full stop, which the signed content uses as delimiter. */
  readonly id: string;
  /** The exact body sent (see `deliveryBody`). */
  readonly body: string;
  /** Every secret in force: the current one, and a rotated-out one for its 24 h of grace. */
  readonly secrets: readonly WebhookSecret[];
  /** The attempt's instant; each retry is signed anew with its own. */
  readonly at: Date;
}

/**
 * Signs one delivery attempt with the `standardwebhooks` package (no hand-written
 * crypto): HMAC-SHA256 over `id.timestamp.body` with each secret, the signatures side by
 * side in `webhook-signature` so a receiver holding either the old or the new secret
 * verifies during a rotation.
 *
 * @param request - the event id, the body, the secrets and the attempt's instant
 * @returns the headers to send with the body
 * @throws RangeError when there is no secret, or the id holds a full stop
 * @example
 * const body = deliveryBody({ type: event.type, occurredAt: event.occurred_at, data: event });
 * const headers = signDelivery({ id: event.id, body, secrets: [current, previous], at: new Date() });
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#signature-scheme
 */
export function signDelivery(request: SignRequest): WebhookHeaders {
  if (request.secrets.length === 0) throw new RangeError("signDelivery: no secret to sign with");
  // The spec: an id with a "." could make two different (id, timestamp) pairs sign alike.
  if (request.id.includes(".")) throw new RangeError("signDelivery: the webhook id must not contain '.'");
  const signatures = request.secrets.map((secret) =>
    new Webhook(secret.reveal()).sign(request.id, request.at, request.body),
  );
  return {
    "webhook-id": request.id,
    "webhook-timestamp": String(Math.floor(request.at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
