import type { Event, EventType } from "@wsafe/schema";

/**
 * The body of a wsafe webhook delivery, as `verifyWebhook` returns it once verified: the
 * Standard Webhooks payload structure, whose `data` is the event record (the
 * [Event](https://docs.wsafe.dev/records/event/) that `events.list` returns).
 *
 * The types come from `@wsafe/schema` as types only: nothing of the schema (or zod) is
 * bundled with `@wsafe/client/webhooks`. `verifyWebhook` checks the signature and the
 * payload's shape (`type` and `timestamp` strings, a `data` key), not `data` field by
 * field; a service newer than this package may send an event type it does not name yet,
 * so give a `switch (payload.type)` a `default` branch.
 *
 * @example
 * const { type, timestamp, data } = await verifyWebhook(secret, headers, body);
 * if (type === "equipment.status_changed") console.log(data.equipment_id, data.from, "->", data.to);
 * @see https://docs.wsafe.dev/webhooks/
 */
export interface WebhookPayload {
  /** The event's type, `schedule.status_changed` or `equipment.status_changed`: also `data.type`. */
  readonly type: EventType;
  /** When the event occurred, ISO 8601 (`2026-11-23T10:00:00.000Z`): `data.occurred_at` as a date. */
  readonly timestamp: string;
  /** The event record, as `events.list` returns it. */
  readonly data: Event;
}
