/**
 * The body of a wsafe webhook delivery, as `verifyWebhook` returns it once verified: the
 * Standard Webhooks payload structure.
 *
 * @example
 * const { type, timestamp, data } = await verifyWebhook(secret, headers, body);
 * @see https://docs.wsafe.dev/webhooks/
 */
export interface WebhookPayload<Data = unknown> {
  /** The event's type, e.g. `schedule.status_changed`. */
  readonly type: string;
  /** When the event occurred, ISO 8601 (`2026-11-23T10:00:00.000Z`). */
  readonly timestamp: string;
  /** The event record. */
  readonly data: Data;
}
