// Deliveries for real, on both stores: the store, its events and a delivery worker in this
// process (what every server runs), receivers on 127.0.0.1 that verify each delivery with
// the `standardwebhooks` npm package, and imports to record events (each new equipment's
// appearance) so that no test waits for a date. The retry schedule is shortened
// (`--webhook-retry-schedule`); everything else is as a server does it.
import type { Event } from "@wsafe/schema";
import { eventually, type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { DeliveryWorker } from "../src/webhooks/DeliveryWorker.js";
import { defaultWebhookSettings, type WebhookSettings } from "../src/webhooks/WebhookSettings.js";
import { WebhookStore } from "../src/webhooks/WebhookStore.js";
import { closeReceivers, localReceiver, type Received } from "./support/localReceiver.js";
import { newEquipment, webhookDataset } from "./support/webhookDataset.js";

const settings: WebhookSettings = {
  ...defaultWebhookSettings,
  allowHttp: true,
  allowPrivate: true,
  retryScheduleMs: [0, 100, 200, 300],
  timeoutMs: 800,
};

describe.each(testStores)("webhook deliveries on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  let endpoints: WebhookStore;
  let worker: DeliveryWorker;
  const attempted: string[] = [];
  let equipment = 0;

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, webhookDataset(2));
    store = await openStore(db.database);
    endpoints = new WebhookStore(store.sql);
    worker = new DeliveryWorker(store.sql, settings, {
      info: () => {},
      warn: () => {},
      error: (_fields, message) => attempted.push(`error: ${message}`),
      attempted: (outcome) => attempted.push(outcome),
    });
    await worker.start();
  }, 60_000);
  afterEach(async () => {
    await closeReceivers();
    // Each test's endpoints are its own: what an earlier one made gets no later deliveries.
    for (const webhook of (await endpoints?.list("acc_wh_0")) ?? [])
      await endpoints.delete("acc_wh_0", webhook.id);
  });
  afterAll(async () => {
    await worker?.stop();
    await store?.close();
    await db?.drop();
  });

  /** An endpoint of account 0 for equipment events only, at `url`. */
  const endpoint = async (url: string) =>
    (await endpoints.create(
      "acc_wh_0",
      { url, types: ["equipment.status_changed"], equipmentTypeId: null },
      Date.now(),
    ))!;
  /** Records one equipment event of account 0 (a new equipment appears) and answers its id. */
  const recordEvent = async () => {
    const id = `eq_delivered_${equipment++}`;
    await importDataset(store, newEquipment(0, id));
    const [row] = await store.sql.query<{ id: string }>(
      "SELECT id FROM events WHERE equipment_id = $1 AND type = 'equipment.status_changed'",
      [id],
    );
    return row!.id;
  };
  const attemptsOf = async (webhookId: string) =>
    (await endpoints.attemptsPage("acc_wh_0", webhookId, undefined, 100)).records.map(
      (json) =>
        JSON.parse(json) as {
          attempt: number;
          status: number | null;
          error: string | null;
          succeeded: boolean;
          event_id: string;
        },
    );
  const stateOf = async (webhookId: string) =>
    (await endpoints.list("acc_wh_0")).find((webhook) => webhook.id === webhookId)!;

  it.skipIf(skip)(
    "delivers each event signed by the Standard Webhooks spec, its record as data",
    async () => {
      const receiver = await localReceiver((_req, res) => res.writeHead(204).end());
      const { webhook, secret } = await endpoint(receiver.url);
      const eventId = await recordEvent();
      await eventually(async () => receiver.received.length === 1, "the delivery");
      const [delivery] = receiver.received as [Received];
      const verified = new Webhook(secret.reveal()).verify(
        delivery.body,
        delivery.headers as Record<string, string>,
      ) as {
        type: string;
        timestamp: string;
        data: Event;
      };
      expect(delivery.headers["webhook-id"]).toBe(eventId);
      expect(verified.type).toBe("equipment.status_changed");
      expect(verified.data).toMatchObject({
        id: eventId,
        cause: "import",
        from: null,
        to: "uptodate",
        expected: false,
      });
      expect(verified.timestamp).toBe(new Date(verified.data.occurred_at).toISOString());
      await eventually(async () => (await attemptsOf(webhook.id)).length === 1, "the attempt recorded");
      expect(await attemptsOf(webhook.id)).toMatchObject([
        { event_id: eventId, attempt: 1, status: 204, succeeded: true },
      ]);
      // A schedule event is not of its types: nothing else came.
      expect(receiver.received).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "tries a failing endpoint again on schedule, with the same webhook-id, until it answers",
    async () => {
      let answered = 0;
      const receiver = await localReceiver((_req, res) => res.writeHead(++answered < 3 ? 500 : 200).end());
      const { webhook } = await endpoint(receiver.url);
      const eventId = await recordEvent();
      await eventually(async () => (await attemptsOf(webhook.id)).length === 3, "three attempts");
      expect(
        (await attemptsOf(webhook.id)).map((attempt) => [attempt.attempt, attempt.status, attempt.succeeded]),
      ).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 200, true],
      ]);
      expect(new Set(receiver.received.map((got) => got.headers["webhook-id"]))).toEqual(new Set([eventId]));
      expect((await stateOf(webhook.id)).state).toBe("active");
    },
  );

  it.skipIf(skip)(
    "gives up after the last attempt and marks the endpoint failing, active again on a success",
    async () => {
      let healthy = false;
      const receiver = await localReceiver((_req, res) => res.writeHead(healthy ? 200 : 503).end());
      const { webhook } = await endpoint(receiver.url);
      const eventId = await recordEvent();
      await eventually(async () => (await stateOf(webhook.id)).state === "failing", "the endpoint failing");
      expect((await stateOf(webhook.id)).state_reason).toBe(
        `event ${eventId}: gave up after attempt 4 of 4 (status 503)`,
      );
      expect(await attemptsOf(webhook.id)).toHaveLength(settings.retryScheduleMs.length);
      healthy = true;
      await recordEvent();
      await eventually(
        async () => (await stateOf(webhook.id)).state === "active",
        "the endpoint active again",
      );
      expect(receiver.received).toHaveLength(settings.retryScheduleMs.length + 1);
    },
  );

  it.skipIf(skip)(
    "disables an endpoint that answers 410 Gone at once, and delivers nothing more to it",
    async () => {
      const receiver = await localReceiver((_req, res) => res.writeHead(410).end());
      const { webhook } = await endpoint(receiver.url);
      await recordEvent();
      await eventually(async () => (await stateOf(webhook.id)).state === "disabled", "the endpoint disabled");
      expect((await stateOf(webhook.id)).state_reason).toMatch(/^answered 410 Gone to event ev_\w+ at /);
      await recordEvent();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received).toHaveLength(1);
    },
  );

  it.skipIf(skip)("follows no redirect, and counts an answer that comes too late as a failure", async () => {
    const target = await localReceiver((_req, res) => res.writeHead(200).end());
    const redirecting = await localReceiver((_req, res) =>
      res.writeHead(302, { location: target.url }).end(),
    );
    const silent = await localReceiver(() => {});
    const moved = await endpoint(redirecting.url);
    const slow = await endpoint(silent.url);
    await recordEvent();
    await eventually(async () => (await attemptsOf(moved.webhook.id)).length >= 1, "the redirect's attempt");
    expect((await attemptsOf(moved.webhook.id))[0]).toMatchObject({ status: 302, succeeded: false });
    await eventually(async () => (await attemptsOf(slow.webhook.id)).length >= 1, "the silent one's attempt");
    expect((await attemptsOf(slow.webhook.id))[0]).toMatchObject({
      status: null,
      error: "timed out after 800 milliseconds",
    });
    expect(target.received).toHaveLength(0);
  });

  it.skipIf(skip)("delivers to an endpoint that went away and came back", async () => {
    const first = await localReceiver((_req, res) => res.writeHead(200).end());
    const { webhook } = await endpoint(first.url);
    await closeReceivers();
    const eventId = await recordEvent();
    await eventually(async () => (await attemptsOf(webhook.id)).length >= 1, "a refused attempt");
    expect((await attemptsOf(webhook.id))[0]).toMatchObject({ status: null, error: "connection refused" });
    const back = await localReceiver((_req, res) => res.writeHead(200).end(), { port: first.port });
    await eventually(async () => back.received.length === 1, "the delivery once it is back");
    expect(back.received[0]!.headers["webhook-id"]).toBe(eventId);
  });

  it.skipIf(skip)("signs with the old secret beside the new one after a rotation", async () => {
    const receiver = await localReceiver((_req, res) => res.writeHead(200).end());
    const { webhook, secret: old } = await endpoint(receiver.url);
    const rotated = (await endpoints.rotateSecret("acc_wh_0", webhook.id, Date.now()))!;
    await recordEvent();
    await eventually(async () => receiver.received.length === 1, "the delivery");
    const { body, headers } = receiver.received[0]!;
    expect(String(headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [old, rotated.secret])
      expect(() =>
        new Webhook(secret.reveal()).verify(body, headers as Record<string, string>),
      ).not.toThrow();
    expect(attempted).not.toContainEqual(expect.stringMatching(/^error:/));
  });
});
