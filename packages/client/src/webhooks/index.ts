/**
 * Verifying wsafe's webhook deliveries (Standard Webhooks): `verifyWebhook`, its error
 * and the payload type. A subpath of its own, so the main entry stays small; it has no
 * dependency and runs wherever WebCrypto does.
 *
 * @example
 * import { verifyWebhook, WsafeWebhookError } from "@wsafe/client/webhooks";
 *
 * @packageDocumentation
 */

export { type VerifyWebhookOptions, verifyWebhook, type WebhookHeadersInput } from "./verifyWebhook.js";
export type { WebhookPayload } from "./WebhookPayload.js";
export { WebhookErrorCode, WsafeWebhookError } from "./WsafeWebhookError.js";
