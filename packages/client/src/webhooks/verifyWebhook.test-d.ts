import type { Event, EventType, Status } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import { verifyWebhook } from "./verifyWebhook.js";
import type { WebhookPayload } from "./WebhookPayload.js";

declare const secret: string;
declare const headers: Headers;
declare const body: Uint8Array;

describe("verifyWebhook's payload type", () => {
  it("is the Standard Webhooks structure with the schema's event type and Event record", async () => {
    const payload = await verifyWebhook(secret, headers, body);
    expectTypeOf(payload).toEqualTypeOf<WebhookPayload>();
    expectTypeOf(payload.type).toEqualTypeOf<EventType>();
    expectTypeOf(payload.timestamp).toEqualTypeOf<string>();
    expectTypeOf(payload.data).toEqualTypeOf<Event>();
    expectTypeOf<WebhookPayload>().toEqualTypeOf<{
      readonly type: EventType;
      readonly timestamp: string;
      readonly data: Event;
    }>();
  });

  it("lets a receiver read the event's fields without a cast", async () => {
    const { type, data } = await verifyWebhook(secret, headers, body);
    // Absent on the equipment types' own events (equipmentType.*).
    expectTypeOf(data.equipment_id).toEqualTypeOf<string | undefined>();
    expectTypeOf(data.schedule_id).toEqualTypeOf<string | undefined>();
    expectTypeOf(data.to).toEqualTypeOf<Status | null>();
    expectTypeOf(data.occurred_at).toEqualTypeOf<number>();
    // @ts-expect-error: not a field of the Event record
    void data.status;
    // @ts-expect-error: not an event type of the schema
    void (type === "equipment.exploded");
    // @ts-expect-error: the payload is read-only, as it arrived
    payload.type = "schedule.status_changed";
  });

  it("accepts every headers form a server hands over, and the body as text or bytes", () => {
    expectTypeOf(verifyWebhook).toBeCallableWith(secret, new Headers(), "{}");
    expectTypeOf(verifyWebhook).toBeCallableWith(secret, { "webhook-id": ["a"] }, new ArrayBuffer(0));
    expectTypeOf(verifyWebhook).toBeCallableWith(secret, { "webhook-id": undefined }, body, { now: 0 });
  });
});

declare const payload: WebhookPayload;
