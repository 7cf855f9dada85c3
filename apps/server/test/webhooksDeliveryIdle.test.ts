// How the delivery worker spends an idle server and which clock it reads, on both stores:
// with nothing due it asks the database nothing (it sleeps until a retry or lease falls
// due, a notification, or a safety poll of 30 s) and still delivers at once what an import
// records; and it claims and records by the database's clock, never its own (shown on
// PostgreSQL, whose clock is not this process's: PGlite runs in this process and reads
// its clock).
import { eventually, testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
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
