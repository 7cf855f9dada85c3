// The delivery worker as a pool, on both stores: a slot that frees takes the next
// delivery at once (never a round that waits for its slowest attempt), an endpoint holds
// at most its cap of attempts across servers, first attempts go out in `sequence` order,
// nothing runs past `concurrency` or past a stop. Receivers on 127.0.0.1; workers in this
// process, as every server runs them. Speed is the bench's (bench/README.md, fairness):
// here the fairness is shown by order, not by a clock: another tenant's delivery is made
// while every attempt at the slow endpoint still waits for its answer.
import { eventually, testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { claimDeliveries } from "../src/webhooks/deliveryQueue.js";
import { countedSql } from "./support/countedSql.js";
import { DeliveryScene } from "./support/deliveryScene.js";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";

const ok = () => localReceiver((_req, res) => res.writeHead(204).end());
/** A receiver that reads every request and never answers: each attempt runs to its timeout. */
const silent = () => localReceiver(() => {});

describe.each(testStores)("the delivery pool on $name", ({ skip, create }) => {
  let scene: DeliveryScene;

  beforeAll(async () => {
    if (!skip) scene = await DeliveryScene.open(create);
  }, 60_000);
  afterEach(async () => {
    await scene?.stopWorkers();
    await closeReceivers();
    await scene?.deleteEndpoints();
  });
  afterAll(async () => {
    await scene?.close();
  });

  it.skipIf(skip)(
    "claims fairly: each endpoint's deliveries in sequence order, none past an endpoint's cap",
    async () => {
      const first = await scene.endpoint("http://127.0.0.1:9/a", 0);
      const second = await scene.endpoint("http://127.0.0.1:9/b", 1);
      const firstEvents = await scene.recordEvents(0, 5);
      const secondEvents = await scene.recordEvents(1, 1);
      const limits = { count: 8, perEndpoint: 4, attempts: 4, leaseMs: 60_000 };
      const claimed = (await claimDeliveries(scene.store.sql, limits)).deliveries;
      expect(claimed.map((delivery) => [delivery.webhookId, delivery.event.id])).toEqual([
        ...firstEvents.slice(0, 4).map((id) => [first.webhook.id, id]),
        ...secondEvents.map((id) => [second.webhook.id, id]),
      ]);
      expect(claimed.every((delivery) => delivery.attempt === 1 && !delivery.exhausted)).toBe(true);
      // The first endpoint has its 4 under way, the second has nothing left: nothing to claim.
      expect((await claimDeliveries(scene.store.sql, limits)).deliveries).toEqual([]);
      // A cap of 6 leaves room for two more of the first's, the next in sequence.
      const more = (await claimDeliveries(scene.store.sql, { ...limits, perEndpoint: 6 })).deliveries;
      expect(more.map((delivery) => delivery.event.id)).toEqual(firstEvents.slice(4, 6));
    },
  );

  it.skipIf(skip)(
    "delivers another tenant's event while one endpoint, with a backlog of 10 000, holds its cap of slow attempts",
    async () => {
      const slowReceiver = await silent();
      const otherReceiver = await ok();
      const slow = await scene.endpoint(slowReceiver.url, 0);
      await scene.recordEvents(0, 5000);
      const other = await scene.endpoint(otherReceiver.url, 1);
      const worker = await scene.startWorker({
        concurrency: 8,
        inFlightPerEndpoint: 4,
        timeoutMs: 15_000,
        stopGraceMs: 100,
      });
      await eventually(() => slowReceiver.received.length >= 4, "the slow endpoint's first attempts", {
        timeoutMs: 30_000,
      });
      const events = await scene.recordEvents(1, 1);
      await eventually(
        () => otherReceiver.received.length === events.length,
        "the other tenant's deliveries",
      );
      expect(otherReceiver.received.map((got) => got.headers["webhook-id"])).toEqual(events);
      await eventually(
        async () => (await scene.attemptsOf(other.webhook.id, 1)).filter((a) => a.succeeded).length === 2,
        "the other tenant's attempts recorded",
      );
      // Made while every attempt at the slow endpoint still waited: none has ended, and it holds its cap.
      expect(await scene.attemptsOf(slow.webhook.id)).toEqual([]);
      expect(slowReceiver.openConnections()).toBe(4);
      expect(slowReceiver.received).toHaveLength(4);
      await eventually(() => worker.inFlight === 4, "the other tenant's slots free again");
    },
    90_000,
  );

  it.skipIf(skip)("holds an endpoint's cap across eight workers claiming at once", async () => {
    const slowReceiver = await silent();
    await scene.endpoint(slowReceiver.url, 0);
    // Eight servers' workers on one database, idle; then one notification wakes them all
    // at once, and their claims race.
    const databases = Array.from({ length: 8 }, () => countedSql(scene.store.sql));
    const workers = await Promise.all(
      databases.map((database) =>
        scene.startWorker({ inFlightPerEndpoint: 4, timeoutMs: 20_000, stopGraceMs: 100 }, database.sql),
      ),
    );
    await eventually(() => databases.every((database) => database.answered() > 0), "every worker idle");
    const idle = databases.map((database) => database.answered());
    await scene.recordEvents(0, 10);
    await eventually(
      () => databases.every((database, i) => database.answered() > idle[i]!),
      "every worker's claim after the notification",
    );
    const underWay = () => workers.reduce((sum, worker) => sum + worker.inFlight, 0);
    await eventually(() => underWay() >= 4, "the endpoint's cap of attempts");
    expect(underWay()).toBe(4);
    await eventually(() => slowReceiver.openConnections() === 4, "the attempts at the receiver");
    expect(slowReceiver.connections()).toBe(4);
  });

  it.skipIf(skip)("sends an endpoint's first attempts in the order their events were recorded", async () => {
    const receiver = await ok();
    await scene.endpoint(receiver.url, 0);
    const events = await scene.recordEvents(0, 10);
    // One at a time, so arrival order is sending order.
    await scene.startWorker({ inFlightPerEndpoint: 1 });
    await eventually(() => receiver.received.length === events.length, "every delivery");
    expect(receiver.received.map((got) => got.headers["webhook-id"])).toEqual(events);
  });

  it.skipIf(skip)(
    "never has more attempts under way than its concurrency, even when some cannot be made",
    async () => {
      const slowReceiver = await silent();
      const slow = await scene.endpoint(slowReceiver.url, 0);
      const broken = await scene.endpoint((await ok()).url, 1);
      // A stored secret that cannot sign: every attempt at this endpoint fails before sending.
      await scene.store.sql.query("UPDATE webhooks SET secret = 'whsec_broken' WHERE id = $1", [
        broken.webhook.id,
      ]);
      // Due one after the other, the two endpoints' deliveries take turns in any order of claiming.
      for (let i = 0; i < 5; i++) {
        await scene.recordEvents(0, 1);
        await scene.recordEvents(1, 1);
      }
      await scene.startWorker({
        concurrency: 4,
        inFlightPerEndpoint: 20,
        timeoutMs: 20_000,
        stopGraceMs: 100,
      });
      await eventually(
        async () => (await scene.deliveriesOf(broken.webhook.id)).some((delivery) => delivery.attempts > 0),
        "attempts at the broken endpoint",
      );
      // The broken endpoint's attempts end at once, so the slots drift to the slow one: all of them, no more.
      await eventually(() => slowReceiver.received.length >= 4, "every slot at the slow endpoint");
      expect(slowReceiver.openConnections()).toBeLessThanOrEqual(4);
      expect(slowReceiver.connections()).toBeLessThanOrEqual(4);
      expect(await scene.attemptsOf(slow.webhook.id)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "runs nothing past a stop: attempts still under way after the grace are cut and handed back",
    async () => {
      const slowReceiver = await silent();
      const slow = await scene.endpoint(slowReceiver.url, 0);
      const events = await scene.recordEvents(0, 2);
      await scene.startWorker({ timeoutMs: 30_000, stopGraceMs: 200 });
      await eventually(() => slowReceiver.received.length === events.length, "every attempt under way");
      await scene.stopWorkers();
      await eventually(() => slowReceiver.openConnections() === 0, "every connection closed", {
        timeoutMs: 2000,
      });
      // Handed back unattempted and due at once, for another server; nothing recorded.
      const deliveries = await scene.deliveriesOf(slow.webhook.id);
      expect(deliveries).toHaveLength(events.length);
      for (const delivery of deliveries)
        expect(delivery).toMatchObject({
          attempts: 0,
          leased_until: null,
          next_attempt_at: expect.any(String),
        });
      expect(await scene.attemptsOf(slow.webhook.id)).toEqual([]);
      // A worker started afterwards makes them at once.
      const back = await ok();
      await scene.store.sql.query("UPDATE webhooks SET url = $2 WHERE id = $1", [slow.webhook.id, back.url]);
      await scene.startWorker();
      await eventually(() => back.received.length === events.length, "the handed-back deliveries");
    },
  );
});
