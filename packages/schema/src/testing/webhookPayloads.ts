import type { PayloadCase } from "./PayloadCase.js";
import { without } from "./samplePayloads.js";

const webhook = {
  id: "wh_1",
  url: "https://hooks.example.com/wsafe",
  types: ["equipment.status_changed"],
  equipmentType_id: null,
  state: "active",
  state_reason: null,
  created: 1796083200000,
  previous_secret_expires_at: null,
};

const delivery = {
  id: "att_1",
  event_id: "ev_1",
  attempt: 1,
  attempted_at: 1796083200130,
  status: 503,
  error: null,
  duration_ms: 42,
  succeeded: false,
  next_attempt_at: 1796083205130,
};

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** Valid and invalid payloads of the webhook records and of the `webhooks.*` methods. */
export const webhookPayloadCases: PayloadCase[] = [
  { schema: "Webhook", title: "an active endpoint", payload: webhook, valid: true },
  {
    schema: "Webhook",
    title: "a failing endpoint of one type, mid-rotation",
    payload: {
      ...webhook,
      equipmentType_id: "et_1",
      state: "failing",
      state_reason: "gave up",
      previous_secret_expires_at: 1796169600000,
    },
    valid: true,
  },
  { schema: "Webhook", title: "an unknown state", payload: { ...webhook, state: "paused" }, valid: false },
  { schema: "Webhook", title: "a missing url", payload: without(webhook, "url"), valid: false },
  { schema: "WebhookState", title: "disabled", payload: "disabled", valid: true },
  { schema: "WebhookState", title: "a made-up state", payload: "paused", valid: false },
  { schema: "WebhookSecret", title: "a secret", payload: secret, valid: true },
  { schema: "WebhookSecret", title: "a key without its prefix", payload: secret.slice(6), valid: false },
  { schema: "WebhookDelivery", title: "a failed attempt", payload: delivery, valid: true },
  {
    schema: "WebhookDelivery",
    title: "an attempt 0",
    payload: { ...delivery, attempt: 0 },
    valid: false,
  },
  {
    schema: "webhooks.create.params",
    title: "every parameter",
    payload: {
      token: "t",
      url: "https://h.example/",
      types: ["schedule.status_changed"],
      equipmentType_id: "et",
    },
    valid: true,
  },
  { schema: "webhooks.create.params", title: "no url", payload: { token: "t" }, valid: false },
  {
    schema: "webhooks.create.result",
    title: "an endpoint and its secret",
    payload: { ok: true, webhook, secret },
    valid: true,
  },
  { schema: "webhooks.create.result", title: "no secret", payload: { ok: true, webhook }, valid: false },
  { schema: "webhooks.list.params", title: "a token", payload: { token: "t" }, valid: true },
  {
    schema: "webhooks.list.params",
    title: "a url",
    payload: { token: "t", url: "https://h.example/" },
    valid: false,
  },
  {
    schema: "webhooks.list.result",
    title: "one endpoint",
    payload: { ok: true, webhooks: [webhook] },
    valid: true,
  },
  { schema: "webhooks.delete.params", title: "an id", payload: { token: "t", id: "wh_1" }, valid: true },
  { schema: "webhooks.delete.params", title: "an empty id", payload: { token: "t", id: "" }, valid: false },
  { schema: "webhooks.delete.result", title: "ok", payload: { ok: true }, valid: true },
  { schema: "webhooks.rotate_secret.params", title: "no id", payload: { token: "t" }, valid: false },
  {
    schema: "webhooks.rotate_secret.params",
    title: "an id",
    payload: { token: "t", id: "wh_1" },
    valid: true,
  },
  {
    schema: "webhooks.rotate_secret.result",
    title: "a new secret",
    payload: { ok: true, secret, previous_secret_expires_at: 1796169600000 },
    valid: true,
  },
  {
    schema: "webhooks.rotate_secret.result",
    title: "no expiry of the old secret",
    payload: { ok: true, secret },
    valid: false,
  },
  {
    schema: "webhooks.deliveries.params",
    title: "a page",
    payload: { token: "t", webhook_id: "wh_1", limit: 10, cursor: "c" },
    valid: true,
  },
  { schema: "webhooks.deliveries.params", title: "no webhook_id", payload: { token: "t" }, valid: false },
  {
    schema: "webhooks.deliveries.result",
    title: "a page",
    payload: { ok: true, deliveries: [delivery], response_metadata: { next_cursor: "" } },
    valid: true,
  },
  {
    schema: "webhooks.redeliver.params",
    title: "one event",
    payload: { token: "t", webhook_id: "wh_1", event_id: "ev_1" },
    valid: true,
  },
  {
    schema: "webhooks.redeliver.params",
    title: "since an instant",
    payload: { token: "t", webhook_id: "wh_1", since: 1796083200000 },
    valid: true,
  },
  { schema: "webhooks.redeliver.params", title: "no webhook_id", payload: { token: "t" }, valid: false },
  {
    schema: "webhooks.redeliver.params",
    title: "an instant as text",
    payload: { token: "t", webhook_id: "wh_1", since: "2026-12-01" },
    valid: false,
  },
  {
    schema: "webhooks.redeliver.result",
    title: "three queued",
    payload: { ok: true, queued: 3, webhook },
    valid: true,
  },
  {
    schema: "webhooks.redeliver.result",
    title: "a negative count",
    payload: { ok: true, queued: -1, webhook },
    valid: false,
  },
];
