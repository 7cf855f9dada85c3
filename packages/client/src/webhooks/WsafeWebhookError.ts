/**
 * Why a webhook delivery was refused: `err.code` of every {@link WsafeWebhookError}.
 *
 * @example
 * import { WebhookErrorCode } from "@wsafe/client/webhooks";
 * if (err.code === WebhookErrorCode.TimestampTooOld) console.warn("a replay, or a clock adrift");
 * @see https://docs.wsafe.dev/webhooks/
 */
export const WebhookErrorCode = {
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or empty. */
  HeadersMissing: "headers_missing",
  /** `webhook-timestamp` is not an integer number of seconds. */
  TimestampInvalid: "timestamp_invalid",
  /** The delivery was signed longer ago than the tolerance (5 minutes): a replay, or a clock adrift. */
  TimestampTooOld: "timestamp_too_old",
  /** The delivery claims to be signed further ahead than the tolerance. */
  TimestampTooNew: "timestamp_too_new",
  /** No `v1` signature in `webhook-signature` matches this secret, id, timestamp and body. */
  SignatureInvalid: "signature_invalid",
  /** The signature holds, but the body is not a wsafe payload (`{ type, timestamp, data }` JSON). */
  PayloadInvalid: "payload_invalid",
  /** The secret given to verify with is not `whsec_` and base64. */
  SecretInvalid: "secret_invalid",
} as const;

/**
 * One of the {@link WebhookErrorCode} values.
 *
 * @example
 * const code: WebhookErrorCode = "signature_invalid";
 */
export type WebhookErrorCode = (typeof WebhookErrorCode)[keyof typeof WebhookErrorCode];

/**
 * The one error `verifyWebhook` throws: the delivery must not be trusted. Answer it with a
 * 4xx (wsafe retries later) and branch on `code`, never on the message.
 *
 * @example
 * try {
 *   const event = await verifyWebhook(secret, req.headers, body);
 * } catch (err) {
 *   if (err instanceof WsafeWebhookError) return res.writeHead(400).end(err.code);
 *   throw err;
 * }
 * @see https://docs.wsafe.dev/webhooks/
 */
export class WsafeWebhookError extends Error {
  /**
   * @param code - why the delivery was refused
   * @param message - for people; never holds the secret
   */
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "WsafeWebhookError";
  }
}
