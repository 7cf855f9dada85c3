// Deliveries to one busy endpoint in few round trips, on both stores: a claim takes
// several due deliveries in one statement, and the successes that end together are
// recorded in one statement that also hands their slots on to the endpoint's next due
// deliveries, so a delivery costs at most one round trip to the database (a claim of two
// statements in a transaction and a record of four, as before, cost 9.5-10.7); three
// workers handing slots on keep the endpoint's cap and its order; the batched record keeps what one record does (a failing endpoint
// active again, a delivery claimed again left to its claim, a deleted endpoint nothing);
// and on PostgreSQL the count a claim holds an endpoint's cap by sees a claim committed
// after its statement began. Receivers on 127.0.0.1; workers in this process.
import { eventually, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventRowSelect } from "../src/events/eventRowSql.js";
import { claimDeliveries } from "../src/webhooks/deliveryQueue.js";
import { recordSuccesses } from "../src/webhooks/recordSuccesses.js";
import { defaultWebhookSettings } from "../src/webhooks/WebhookSettings.js";
import { DeliveryScene } from "./support/deliveryScene.js";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";
import { countedRoundTrips } from "./support/roundTrips.js";

/** A receiver answering 204 after 2 ms, as the busy receiver did. */
const quick = () => localReceiver((_req, res) => setTimeout(() => res.writeHead(204).end(), 2));

describe.each(testStores)("deliveries in batches on $name", ({ skip, create }) => {
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

  it.skipIf(skip)("delivers to one endpoint in at most one round trip a delivery", async () => {
    const receiver = await quick();
    const { webhook } = await scene.endpoint(receiver.url);
    const events = await scene.recordEvents(0, 30);
    const database = countedRoundTrips(scene.store.sql);
    // The server's defaults: 8 slots, 4 attempts under way per endpoint, 15 s to answer
    // (the scene's 0.8 s can run out while the embedded store starts up in this process).
    await scene.startWorker({ timeoutMs: defaultWebhookSettings.timeoutMs }, database.sql);
    await eventually(
      async () => (await scene.deliveriesOf(webhook.id)).every((row) => row.next_attempt_at === null),
      "every delivery recorded",
    );
    await scene.stopWorkers();
    const perDelivery = database.roundTrips() / events.length;
    console.log(
      `deliveries in batches (${scene.store.sql.kind}): ${events.length} deliveries, ${database.roundTrips()} round trips, ${perDelivery.toFixed(2)} a delivery`,
    );
    expect(new Set(receiver.received.map((got) => got.headers["webhook-id"]))).toEqual(new Set(events));
    const attempts = await scene.attemptsOf(webhook.id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.succeeded])).toEqual(
      events.map(() => [1, true]),
    );
    // One statement a delivery at most, none a transaction: it records the answer and
    // takes the endpoint's next delivery into the slot; besides, the claims that fill the
    // slots at the start and find the queue empty at the end, at most two a slot. Fewer
    // where answers that arrive together are recorded together (PostgreSQL: about 0.4).
    expect(database.roundTrips()).toBeLessThanOrEqual(events.length + 2 * defaultWebhookSettings.concurrency);
  });

  it.skipIf(skip)("keeps an endpoint's cap and order while three workers hand their slots on", async () => {
    let open = 0;
    let mostOpen = 0;
    const receiver = await localReceiver((_req, res) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        open--;
        res.writeHead(204).end();
      }, 2);
    });
    const { webhook } = await scene.endpoint(receiver.url);
    const events = await scene.recordEvents(0, 40);
    // Three servers' workers at the server's defaults: 4 attempts under way per endpoint.
    for (let i = 0; i < 3; i++) await scene.startWorker({ timeoutMs: defaultWebhookSettings.timeoutMs });
    await eventually(
      async () => (await scene.deliveriesOf(webhook.id)).every((row) => row.next_attempt_at === null),
      "every delivery recorded",
    );
    const arrived = receiver.received.map((got) => String(got.headers["webhook-id"]));
    expect([...arrived].sort()).toEqual([...events].sort());
    expect(mostOpen).toBeLessThanOrEqual(4);
    // In order: when an event arrives, at most 3 of those recorded before it are still to come.
    const rank = new Map(events.map((id, index) => [id, index]));
    const late = arrived.filter(
      (id, position) =>
        arrived.slice(position + 1).filter((later) => rank.get(later)! < rank.get(id)!).length > 3,
    );
    expect(late).toEqual([]);
  });

  it.skipIf(skip)(
    "answers notifications at most every 50 ms while every due delivery waits for attempts under way",
    async () => {
      const silent = await localReceiver(() => {});
      await scene.endpoint(silent.url);
      await scene.recordEvents(0, 5);
      // When each claim began and ended, read at the database's door.
      const claims: { began: number; ended: number }[] = [];
      const watched = new Proxy(scene.store.sql, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (property !== "query" || typeof value !== "function") return value.bind?.(target) ?? value;
          return async (text: string, params?: readonly unknown[]) => {
            const began = performance.now();
            const rows = await value.call(target, text, params);
            if (text.includes("wsafe_deliveries_under_way")) claims.push({ began, ended: performance.now() });
            return rows;
          };
        },
      });
      await scene.startWorker({ timeoutMs: 20_000, stopGraceMs: 100 }, watched);
      await eventually(() => silent.received.length === 4, "the endpoint's cap of attempts under way");
      // A busy endpoint's events, as each commit announces them: a notification every 10 ms.
      const from = claims.length;
      const started = performance.now();
      let notified = 0;
      while (performance.now() - started < 600) {
        await scene.store.sql.query("SELECT pg_notify('wsafe_deliveries', '')");
        notified++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const during = claims.slice(from);
      console.log(`blocked worker: ${notified} notifications in 600 ms, ${during.length} claims`);
      // Nothing can be taken (the only endpoint is at its cap, and no attempt ends): after
      // the first, each claim begins 50 ms or more after the one before ended, where each
      // notification made one as soon as the one before was over.
      expect(during.length).toBeGreaterThan(1);
      const gaps = during.slice(1).map((claim, i) => claim.began - during[i]!.ended);
      expect(gaps.filter((gap) => gap < 49)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "records a batch of successes as one success each: failing made active, a stale claim and a deleted endpoint left alone",
    async () => {
      const failing = await scene.endpoint("http://127.0.0.1:9/failing", 0);
      const gone = await scene.endpoint("http://127.0.0.1:9/gone", 1);
      const [first, second] = await scene.recordEvents(0, 1);
      await scene.recordEvents(1, 1);
      await scene.store.sql.query(
        "UPDATE webhooks SET state = 'failing', state_reason = 'gave up', failing_since = 1 WHERE id = $1",
        [failing.webhook.id],
      );
      const limits = { count: 8, perEndpoint: 4, attempts: 4, leaseMs: 60_000 };
      const claimed = (await claimDeliveries(scene.store.sql, limits)).deliveries;
      expect(claimed).toHaveLength(4);
      // The second event's lease ran out and another server claimed it again: attempt 2.
      await scene.store.sql.query(
        "UPDATE webhook_deliveries SET attempts = 2 WHERE webhook_id = $1 AND event_id = $2",
        [failing.webhook.id, second],
      );
      await scene.endpoints.delete("acc_wh_1", gone.webhook.id);
      const outcome = (attemptedAt: number) => ({
        attemptedAt,
        status: 204,
        error: null,
        durationMs: 3,
        succeeded: true,
      });
      const { recorded, handed } = await recordSuccesses(
        scene.store.sql,
        claimed.map((delivery) => ({ delivery, outcome: outcome(delivery.claimedAt) })),
      );
      expect(handed).toEqual([]);
      expect(claimed.map((delivery, i) => [delivery.event.id, recorded[i]])).toEqual(
        claimed.map((delivery) => [
          delivery.event.id,
          delivery.webhookId === failing.webhook.id && delivery.event.id === first ? "succeeded" : "stale",
        ]),
      );
      expect(await scene.stateOf(failing.webhook.id)).toMatchObject({ state: "active", state_reason: null });
      expect(await scene.deliveriesOf(failing.webhook.id)).toEqual([
        { event_id: first, attempts: 1, next_attempt_at: null, leased_until: null },
        {
          event_id: second,
          attempts: 2,
          next_attempt_at: expect.any(String),
          leased_until: expect.any(String),
        },
      ]);
      // Both attempts are kept, as one record keeps them; the deleted endpoint's none.
      const kept = (await scene.attemptsOf(failing.webhook.id)).map((a) => [a.event_id, a.succeeded]);
      expect(kept.sort()).toEqual(
        [
          [first, true],
          [second, true],
        ].sort(),
      );
      expect(
        await scene.store.sql.query("SELECT 1 FROM webhook_attempts WHERE webhook_id = $1", [
          gone.webhook.id,
        ]),
      ).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "claims each delivery's event as every reader selects it (eventRowSelect), nothing of the claim's own",
    async () => {
      await scene.endpoint("http://127.0.0.1:9/row");
      const events = await scene.recordEvents(0, 2);
      const limits = { count: 8, perEndpoint: 4, attempts: 4, leaseMs: 60_000 };
      const claimed = (await claimDeliveries(scene.store.sql, limits)).deliveries;
      expect(claimed.map((delivery) => delivery.event.id).sort()).toEqual([...events].sort());
      const stored = await scene.store.sql.query(
        `SELECT ${eventRowSelect()} FROM events WHERE id = ANY($1::text[]) ORDER BY sequence`,
        [events],
      );
      expect(claimed.map((delivery) => delivery.event)).toEqual(stored);
    },
  );

  const onPostgres = create === testStores[1].create;
  it.skipIf(skip || !onPostgres)(
    "counts an endpoint's attempts under way as committed when it asks, not as its statement began",
    async () => {
      const { webhook } = await scene.endpoint("http://127.0.0.1:9/");
      const [event] = await scene.recordEvents(0, 1);
      const url = scene.db.database;
      const claimer = new pg.Client({ connectionString: url });
      const counter = new pg.Client({ connectionString: url });
      await Promise.all([claimer.connect(), counter.connect()]);
      try {
        // One statement: the table as its snapshot shows it, a pause, then the function.
        const counted = counter.query<{ seen: string; counted: number }>(
          `SELECT (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1 AND leased_until > 0)::text AS seen,
                  pg_sleep(1.5) IS NULL AS slept,
                  wsafe_deliveries_under_way($1, 0) AS counted`,
          [webhook.id],
        );
        // Another server's claim, committed while the statement pauses.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await claimer.query(
          "UPDATE webhook_deliveries SET attempts = 1, leased_until = 1 WHERE webhook_id = $1 AND event_id = $2",
          [webhook.id, event],
        );
        const [row] = (await counted).rows;
        expect(row).toMatchObject({ seen: "0", counted: 1 });
      } finally {
        await Promise.all([claimer.end(), counter.end()]);
      }
    },
  );
});
