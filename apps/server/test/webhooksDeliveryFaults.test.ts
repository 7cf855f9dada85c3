// What the delivery worker does when an attempt cannot go as planned, on both stores:
// a stored secret that cannot sign and a write of the outcome that fails are failed
// attempts with their reason (never a delivery leased again forever); a delivery with no
// attempt left gives up where it is claimed; an endpoint failing without a success for
// --webhook-disable-after is disabled; every failed attempt and give-up is logged without
// the secret or the body. Receivers on 127.0.0.1; workers in this process.
import { eventually, testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { unusableSecret } from "../src/webhooks/webhookTarget.js";
import { DeliveryScene } from "./support/deliveryScene.js";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";

const answering = (status: number) => localReceiver((_req, res) => res.writeHead(status).end());

describe.each(testStores)("delivery faults on $name", ({ skip, create }) => {
  let scene: DeliveryScene;

  beforeAll(async () => {
    if (!skip) scene = await DeliveryScene.open(create);
  }, 60_000);
  afterEach(async () => {
    await scene?.stopWorkers();
    await closeReceivers();
    await scene?.deleteEndpoints();
    scene?.logged.splice(0);
  });
  afterAll(async () => {
    await scene?.close();
  });

  it.skipIf(skip)(
    "records an attempt whose stored secret cannot sign as failed, saying why, and gives up by the schedule",
    async () => {
      const receiver = await answering(204);
      const { webhook, secret } = await scene.endpoint(receiver.url);
      await scene.store.sql.query("UPDATE webhooks SET secret = 'whsec_not-a-key' WHERE id = $1", [
        webhook.id,
      ]);
      const [eventId] = await scene.recordEvents(0, 1);
      await scene.startWorker();
      // Both events' deliveries run their schedule to its end.
      await eventually(async () => (await scene.attemptsOf(webhook.id)).length === 8, "every attempt");
      expect((await scene.stateOf(webhook.id)).state).toBe("failing");
      const attempts = (await scene.attemptsOf(webhook.id)).filter((attempt) => attempt.event_id === eventId);
      expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.error])).toEqual(
        [1, 2, 3, 4].map((n) => [n, null, unusableSecret]),
      );
      expect(receiver.received).toEqual([]);
      // Its reason is in the log, without the secret.
      const logged = JSON.stringify(scene.logged);
      expect(logged).toContain("could not be made");
      expect(logged).not.toContain(secret.reveal());
      expect(logged).not.toContain("whsec_not-a-key");
    },
  );

  it.skipIf(skip)(
    "records an attempt whose outcome cannot be written as failed, and follows the schedule to its end",
    async () => {
      const receiver = await answering(204);
      const { webhook } = await scene.endpoint(receiver.url);
      // A write that fails, as a full disk or a broken constraint would: every success refused.
      await scene.store.sql.exec(`
        CREATE FUNCTION refuse_successes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.succeeded THEN RAISE EXCEPTION 'no space left for successes'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_successes BEFORE INSERT ON webhook_attempts
          FOR EACH ROW EXECUTE FUNCTION refuse_successes();`);
      try {
        const [eventId] = await scene.recordEvents(0, 1);
        await scene.startWorker();
        await eventually(async () => (await scene.attemptsOf(webhook.id)).length === 8, "every attempt");
        expect((await scene.stateOf(webhook.id)).state).toBe("failing");
        const attempts = (await scene.attemptsOf(webhook.id)).filter(
          (attempt) => attempt.event_id === eventId,
        );
        expect(attempts.map((attempt) => [attempt.attempt, attempt.succeeded, attempt.error])).toEqual(
          [1, 2, 3, 4].map((n) => [
            n,
            false,
            "the attempt's outcome could not be recorded (a server error); tried again by the schedule",
          ]),
        );
        // Never leased again after its last attempt.
        const [delivery] = (await scene.deliveriesOf(webhook.id)).filter((row) => row.event_id === eventId);
        expect(delivery).toMatchObject({ attempts: 4, next_attempt_at: null, leased_until: null });
        // No SQL in what the owner reads; the cause is in the server's log.
        expect(JSON.stringify(attempts)).not.toContain("no space left");
        expect(scene.logged.map((line) => String((line.fields.err as Error | undefined)?.message))).toContain(
          "no space left for successes",
        );
      } finally {
        await scene.store.sql.exec(
          "DROP TRIGGER refuse_successes ON webhook_attempts; DROP FUNCTION refuse_successes();",
        );
      }
    },
  );

  it.skipIf(skip)(
    "gives up on a delivery that comes due with no attempt left, without sending it again",
    async () => {
      const receiver = await answering(204);
      const { webhook } = await scene.endpoint(receiver.url);
      const [eventId, otherId] = await scene.recordEvents(0, 1);
      // Its last attempt was claimed by a server that died before recording it: the lease ran out.
      await scene.store.sql.query(
        "UPDATE webhook_deliveries SET attempts = 4, leased_until = 1, next_attempt_at = 1 WHERE webhook_id = $1 AND event_id = $2",
        [webhook.id, eventId],
      );
      // The other event's delivery would succeed and make the endpoint active again: not this test's.
      await scene.store.sql.query("DELETE FROM webhook_deliveries WHERE webhook_id = $1 AND event_id = $2", [
        webhook.id,
        otherId,
      ]);
      await scene.startWorker();
      await eventually(async () => (await scene.stateOf(webhook.id)).state === "failing", "the give-up");
      expect((await scene.stateOf(webhook.id)).state_reason).toBe(
        `event ${eventId}: gave up after attempt 4 of 4 (no attempt left: attempt 4 was made by a server that stopped before recording how it went)`,
      );
      expect(await scene.deliveriesOf(webhook.id)).toEqual([
        { event_id: eventId, attempts: 4, next_attempt_at: null, leased_until: null },
      ]);
      expect(receiver.received).toEqual([]);
      expect(scene.logged).toContainEqual({
        level: "warn",
        message: "webhook delivery gave up after its last attempt; the endpoint is failing",
        fields: expect.objectContaining({ webhook_id: webhook.id, event_id: eventId, attempt: 4 }),
      });
    },
  );

  it.skipIf(skip)(
    "disables an endpoint that fails without a success for --webhook-disable-after, logging every failure",
    async () => {
      const receiver = await answering(503);
      const { webhook, secret } = await scene.endpoint(receiver.url);
      const [eventId] = await scene.recordEvents(0, 1);
      const started = Date.now();
      await scene.startWorker({
        retryScheduleMs: [0, 200, 200, 200, 200, 200, 200, 200, 200, 200],
        disableAfterMs: 700,
      });
      await eventually(
        async () => (await scene.stateOf(webhook.id)).state === "disabled",
        "the endpoint disabled",
      );
      const { state_reason } = await scene.stateOf(webhook.id);
      expect(state_reason).toMatch(
        /^no delivery succeeded since \d{4}-\d\d-\d\dT[\d:.]+Z \(700 milliseconds or more; the last: event ev_\w+, status 503\); nothing more is delivered: webhooks\.redeliver enables it again$/,
      );
      const since = Date.parse(state_reason!.split(" ")[4]!);
      expect(since).toBeGreaterThanOrEqual(started - 60_000);
      // What was pending is dropped (an attempt under way when it was disabled, once recorded).
      await eventually(
        async () => (await scene.deliveriesOf(webhook.id)).every((row) => row.next_attempt_at === null),
        "nothing due for it any more",
      );
      const failures = scene.logged.filter((line) => line.message.startsWith("webhook attempt failed"));
      expect(failures.find((line) => line.fields.event_id === eventId && line.fields.attempt === 1)).toEqual({
        level: "info",
        message: "webhook attempt failed; tried again later",
        fields: {
          webhook_id: webhook.id,
          event_id: eventId,
          attempt: 1,
          reason: "status 503",
          next_attempt_at: expect.any(Number),
        },
      });
      expect(scene.logged).toContainEqual({
        level: "warn",
        message: "webhook endpoint disabled",
        fields: expect.objectContaining({ webhook_id: webhook.id, state_reason }),
      });
      expect(scene.tallies).toContain("disabled");
      // Never the secret, never the body.
      const logged = JSON.stringify(scene.logged);
      expect(logged).not.toContain(secret.reveal());
      expect(logged).not.toContain(receiver.received[0]!.body);
    },
  );

  it.skipIf(skip)("keeps the 410 rule: disabled at once, whatever --webhook-disable-after says", async () => {
    const receiver = await answering(410);
    const { webhook } = await scene.endpoint(receiver.url);
    await scene.recordEvents(0, 1);
    await scene.startWorker({ disableAfterMs: 86_400_000 });
    await eventually(
      async () => (await scene.stateOf(webhook.id)).state === "disabled",
      "the endpoint disabled",
    );
    expect((await scene.stateOf(webhook.id)).state_reason).toMatch(
      /^answered 410 Gone to event ev_\w+ at .+; nothing more is delivered: webhooks\.redeliver enables it again$/,
    );
  });
});
