/** What a delivery's body says: the Standard Webhooks payload structure. */
export interface DeliveryPayload<Data = unknown> {
  /** Full-stop delimited event type, e.g. `schedule.status_changed`. */
  readonly type: string;
  /** When the event occurred: epoch milliseconds or a Date, written as ISO 8601. */
  readonly occurredAt: number | Date;
  /** The event record. */
  readonly data: Data;
}

/**
 * The exact body of a delivery, `{"type","timestamp","data"}` as compact JSON with the
 * event's instant in ISO 8601 (UTC, milliseconds), as in the spec's examples. The
 * signature covers these bytes: send this string unchanged.
 *
 * @param payload - the event's type, instant and record
 * @returns the JSON text
 * @example
 * deliveryBody({ type: "schedule.status_changed", occurredAt: 1795428000000, data: event });
 * // '{"type":"schedule.status_changed","timestamp":"2026-11-23T10:00:00.000Z","data":{…}}'
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#payload-structure
 */
export function deliveryBody(payload: DeliveryPayload): string {
  const timestamp = new Date(payload.occurredAt).toISOString();
  return JSON.stringify({ type: payload.type, timestamp, data: payload.data });
}
