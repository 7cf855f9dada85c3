// The Webhooks page's example delivery: one recorded event, as the service POSTs it, with
// headers signed by the `standardwebhooks` package (as the server signs) under the secret
// of `webhooks.create`'s example, so a reader can check a verifier against it.
// test/webhooksPage.test.ts verifies it with @wsafe/client/webhooks and validates its data
// against the Event schema.
import { type Event, methods } from "@wsafe/schema";
import { Webhook } from "standardwebhooks";

const created = methods["webhooks.create"].examples[0]!.response as { secret: string };

/** The secret the example is signed with: the one `webhooks.create`'s example answers. */
export const exampleSecret = created.secret;

/**
 * The event of the example: the equipment of `events.list`'s example, its status change
 * once recorded (no longer `expected`, with its `sequence`).
 */
export const exampleEvent: Event = {
  ...(methods["events.list"].examples[0]!.response as { events: Event[] }).events.find(
    (event) => event.type === "equipment.status_changed",
  )!,
  expected: false,
  sequence: 3,
};

/** The body of the example delivery, exactly as sent: compact JSON, the instant in ISO 8601. */
export const exampleBody = JSON.stringify({
  type: exampleEvent.type,
  timestamp: new Date(exampleEvent.occurred_at).toISOString(),
  data: exampleEvent,
});

/** When the example's first attempt was signed: 130 ms after the event, in whole seconds. */
export const exampleSignedAt = new Date(Math.floor((exampleEvent.occurred_at + 130) / 1000) * 1000);

/** The example delivery's headers: the three of Standard Webhooks and those every delivery has. */
export const exampleHeaders = {
  "content-type": "application/json",
  "user-agent": "wsafe-webhooks",
  "webhook-id": exampleEvent.id,
  "webhook-timestamp": String(exampleSignedAt.getTime() / 1000),
  "webhook-signature": new Webhook(exampleSecret).sign(exampleEvent.id, exampleSignedAt, exampleBody),
};

/** The example as an HTTP request, for the page: the body exactly as sent, on one line. */
export function exampleRequest(): string {
  const lines = Object.entries(exampleHeaders).map(([name, value]) => `${name}: ${value}`);
  return ["POST /hooks/wsafe HTTP/1.1", "host: tickets.example.com", ...lines, "", exampleBody].join("\n");
}
