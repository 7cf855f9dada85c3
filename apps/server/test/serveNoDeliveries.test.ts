// A restored backup holds the deliveries that were queued or waiting for a retry when it
// was taken; started as it is, a server sends them again to the live receivers (a restore
// drill re-delivered 112 events so). `wsafe serve --no-deliveries` (`WSAFE_NO_DELIVERIES=1`)
// starts it sending none, and says so; started without it, the same store delivers.
import { eventually, type ScratchDatabase, seedDatabase, serveCli, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { deliveriesOffMessage } from "../src/server/deliveriesOffMessage.js";
import { openStore } from "../src/store/openStore.js";
import { WebhookStore } from "../src/webhooks/WebhookStore.js";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";
import { newEquipment, webhookDataset } from "./support/webhookDataset.js";

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

// The receiver is on loopback over plain HTTP: what a server refuses unless told.
const localEndpoints = { WSAFE_WEBHOOKS_ALLOW_HTTP: "1", WSAFE_WEBHOOKS_ALLOW_PRIVATE: "1" };
// How long a server without deliveries is watched: a server with them sends its first
// attempt at its start (its schedule's first step is 0 s), well within it.
const watchMs = 3_000;

describe.each(testStores)("a restored store started with no deliveries, on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let receiver: Awaited<ReturnType<typeof localReceiver>>;
  beforeAll(async () => {
    if (skip) return;
    receiver = await localReceiver((_req, res) => res.writeHead(204).end());
    db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, webhookDataset(1));
    // The backup as taken: an endpoint, and a delivery of an event recorded, still to send.
    const store = await openStore(db.database);
    try {
      await new WebhookStore(store.sql).create(
        "acc_wh_0",
        { url: receiver.url, types: ["equipment.status_changed"], equipmentTypeId: null },
        Date.now(),
      );
      await importDataset(store, newEquipment(0, "eq_before_the_backup"));
      const [queued] = await store.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM webhook_deliveries",
      );
      expect(queued?.n).toBe(1);
    } finally {
      await store.close();
    }
  });
  afterAll(async () => {
    await closeReceivers();
    await db?.drop();
  });

  it.skipIf(skip)(
    "sends nothing with --no-deliveries or WSAFE_NO_DELIVERIES=1, says so, and delivers once started without",
    async () => {
      for (const [args, env] of [
        [["--no-deliveries"], {}],
        [[], { WSAFE_NO_DELIVERIES: "1" }],
      ] as const) {
        const server = await serveCli(["--http", "--port", "0", "--database", db.database, ...args], {
          env: { ...localEndpoints, ...env },
        });
        try {
          await new Promise((resolve) => setTimeout(resolve, watchMs));
          expect(receiver.received).toEqual([]);
          const lines = server.output().split("\n");
          // Said to the person who started it, before the readiness line, and in the log.
          expect(lines.indexOf(deliveriesOffMessage)).toBeGreaterThanOrEqual(0);
          expect(lines.indexOf(deliveriesOffMessage)).toBeLessThan(
            lines.findIndex((line) => line.startsWith("listening on ")),
          );
          const logged = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
          expect(logged.find((line) => line.msg === deliveriesOffMessage)).toMatchObject({
            level: 40,
            deliveries: "off",
          });
        } finally {
          expect(await server.stop()).toBe(0);
        }
      }
      // The same store, started as a restored copy that goes into service: it delivers.
      const server = await serveCli(["--http", "--port", "0", "--database", db.database], {
        env: localEndpoints,
      });
      try {
        await eventually(() => receiver.received.length > 0, "the queued delivery arrives", {
          timeoutMs: 60_000,
        });
        expect(receiver.received.length).toBe(1);
        expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "equipment.status_changed" });
        expect(server.output()).not.toContain("webhook deliveries are off");
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
  );
});
