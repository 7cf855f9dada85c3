// How the delivery worker spends an idle server and which clock it reads, on both stores:
// with nothing due it asks the database nothing (it sleeps until a retry or lease falls
// due, a notification, or a safety poll of 5 min) and still delivers at once what an import
// records; and it claims and records by the database's clock, never its own (shown on
// PostgreSQL, whose clock is not this process's: PGlite runs in this process and reads
// its clock); a retry not due yet when a claim reads the clock is looked at again when it
// falls due.
import { eventually, testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseNowMs } from "../src/store/database/databaseClock.js";
import { claimDeliveries } from "../src/webhooks/deliveryQueue.js";
import { countedSql } from "./support/countedSql.js";
import { DeliveryScene } from "./support/deliveryScene.js";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";

describe.each(testStores)("an idle delivery worker on $name", ({ skip, create }) => {
  let scene: DeliveryScene;

  beforeAll(async () => {
    if (!skip) scene = await DeliveryScene.open(create);
  }, 60_000);
  afterEach(async () => {
    vi.useRealTimers();
    await scene?.stopWorkers();
    await closeReceivers();
    await scene?.deleteEndpoints();
  });
  afterAll(async () => {
    await scene?.close();
  });

  it.skipIf(skip)(
    "asks the database nothing while nothing is due, and delivers at once what is recorded",
    async () => {
      const receiver = await localReceiver((_req, res) => res.writeHead(204).end());
      await scene.endpoint(receiver.url);
      const database = countedSql(scene.store.sql);
      await scene.startWorker({}, database.sql);
      await eventually(() => database.sent() > 0, "the first claim");
      const idleFrom = database.sent();
      // An absence is seen over a while: 3 s, where a worker polling every second asks 3 times or more.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(database.sent() - idleFrom).toBe(0);
      const events = await scene.recordEvents(0, 1);
      await eventually(
        () => receiver.received.length === events.length,
        "the deliveries, woken by the notification",
      );
    },
  );

  it.skipIf(skip)(
    "says when the next retry falls due, by the clock it chose deliveries at, never left to the safety poll",
    async () => {
      const { webhook } = await scene.endpoint("http://127.0.0.1:9/");
      const [retried] = await scene.recordEvents(0, 1);
      // One retry due 300 ms from now by the database's clock; nothing else scheduled.
      await scene.store.sql.query(
        `UPDATE webhook_deliveries
            SET attempts = 1, leased_until = NULL,
                next_attempt_at = CASE WHEN event_id = $2 THEN ${databaseNowMs} + 300 END
          WHERE webhook_id = $1`,
        [webhook.id, retried],
      );
      // One statement reads the clock once: what it did not take because it was not due
      // yet falls due at most 300 ms after that instant, however long the claim took.
      const limits = { count: 8, perEndpoint: 4, attempts: 4, leaseMs: 60_000 };
      const early = await claimDeliveries(scene.store.sql, limits);
      expect(early.deliveries).toEqual([]);
      expect(early.nextDueInMs).toBeGreaterThan(0);
      expect(early.nextDueInMs).toBeLessThanOrEqual(300);
      // Looked at again when it said, as the worker does: taken.
      await new Promise((resolve) => setTimeout(resolve, early.nextDueInMs));
      const taken = await claimDeliveries(scene.store.sql, limits);
      expect(taken.deliveries.map((delivery) => [delivery.event.id, delivery.attempt])).toEqual([
        [retried, 2],
      ]);
    },
  );

  const onPostgres = create === testStores[1].create;
  it.skipIf(skip || !onPostgres)(
    "claims and records by the database's clock, whatever this server's clock says",
    async () => {
      const receiver = await localReceiver((_req, res) => res.writeHead(204).end());
      const { webhook } = await scene.endpoint(receiver.url);
      // This process's clock an hour behind the database's; timers run as usual.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 3_600_000, shouldAdvanceTime: true });
      await scene.startWorker();
      const events = await scene.recordEvents(0, 1);
      await eventually(() => receiver.received.length === events.length, "the deliveries");
      await eventually(
        async () => (await scene.attemptsOf(webhook.id)).length === events.length,
        "the attempts",
      );
      const [clock] = await scene.store.sql.query<{ now: string }>(
        "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS now",
      );
      const databaseNow = Number(clock!.now);
      for (const attempt of await scene.attemptsOf(webhook.id))
        expect(Math.abs(attempt.attempted_at - databaseNow)).toBeLessThan(60_000);
      for (const got of receiver.received)
        expect(Math.abs(Number(got.headers["webhook-timestamp"]) * 1000 - databaseNow)).toBeLessThan(60_000);
    },
  );
});
