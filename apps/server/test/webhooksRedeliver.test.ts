// webhooks.redeliver over real HTTPS, on both stores, with a server that delivers to
// receivers on 127.0.0.1: a delivery that gave up is sent again, as is every delivery
// since an instant; a disabled endpoint is active again; deliveries still pending are
// left alone; a read token, another account's endpoint and an event never delivered to
// the endpoint change nothing.
import { defaultEventTypes } from "@wsafe/schema";
import { eventually, type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { storeOf } from "../src/testing.js";
import { callMethod } from "./support/callApi.js";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";
import { newEquipment, webhookDataset, webhookTokens } from "./support/webhookDataset.js";

const [own, other] = [webhookTokens(0), webhookTokens(1)];

describe.each(testStores)("webhooks.redeliver on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  let equipment = 0;
  const post = async (method: string, data: object) =>
    (await callMethod(server.url, "POST", method, data)).body;
  /**
   * Records two events of account 0 (a new equipment's statuses) and answers their ids, in
   * sequence order: what an endpoint made without types gets of an import (its
   * `equipment.created` goes only to one that names it).
   */
  const recordEvents = async () => {
    const id = `eq_redelivered_${equipment++}`;
    const store = storeOf(server);
    await importDataset(store, newEquipment(0, id));
    const rows = await store.sql.query<{ id: string }>(
      "SELECT id FROM events WHERE equipment_id = $1 AND type = ANY($2::text[]) ORDER BY sequence",
      [id, defaultEventTypes],
    );
    return rows.map((row) => row.id);
  };
  const make = async (url: string) =>
    (await post("webhooks.create", { token: own.write, url })).webhook as { id: string };
  const attempts = async (webhookId: string) =>
    (await post("webhooks.deliveries", { token: own.read, webhook_id: webhookId, limit: 1000 }))
      .deliveries as {
      event_id: string;
      attempt: number;
      status: number | null;
      succeeded: boolean;
    }[];
  const stateOf = async (webhookId: string) =>
    ((await post("webhooks.list", { token: own.read })).webhooks as { id: string; state: string }[]).find(
      (webhook) => webhook.id === webhookId,
    )!;

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, webhookDataset(2));
    server = await startServer({
      port: 0,
      database: db.database,
      logger: false,
      webhooks: { allowHttp: true, allowPrivate: true, retryScheduleMs: [0, 100], timeoutMs: 2000 },
    });
  }, 60_000);
  afterEach(async () => {
    await closeReceivers();
    for (const webhook of (await post("webhooks.list", { token: own.read }))?.webhooks ?? [])
      await post("webhooks.delete", { token: own.write, id: webhook.id });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)("sends again a delivery that gave up, its attempts numbered from 1 again", async () => {
    let healthy = false;
    const receiver = await localReceiver((_req, res) => res.writeHead(healthy ? 204 : 503).end());
    const webhook = await make(receiver.url);
    const [eventId, otherId] = await recordEvents();
    // Both deliveries give up after their two attempts.
    await eventually(async () => (await attempts(webhook.id)).length === 4, "both deliveries' attempts");
    expect((await stateOf(webhook.id)).state).toBe("failing");
    healthy = true;
    const answer = await post("webhooks.redeliver", {
      token: own.write,
      webhook_id: webhook.id,
      event_id: eventId,
    });
    expect(answer).toMatchObject({ ok: true, queued: 1, webhook: { id: webhook.id, state: "failing" } });
    await eventually(
      async () => (await attempts(webhook.id)).some((attempt) => attempt.succeeded),
      "the delivery sent again",
    );
    expect(
      (await attempts(webhook.id))
        .filter((attempt) => attempt.event_id === eventId)
        .map((attempt) => [attempt.attempt, attempt.status]),
    ).toEqual([
      [1, 503],
      [2, 503],
      [1, 204],
    ]);
    expect(receiver.received.filter((got) => got.headers["webhook-id"] === eventId)).toHaveLength(3);
    // The other event's delivery, given up too, was not asked for.
    expect(receiver.received.filter((got) => got.headers["webhook-id"] === otherId)).toHaveLength(2);
    expect((await stateOf(webhook.id)).state).toBe("active");
  });

  it.skipIf(skip)("sends again every delivery of events recorded since an instant", async () => {
    const receiver = await localReceiver((_req, res) => res.writeHead(204).end());
    const webhook = await make(receiver.url);
    const before = await recordEvents();
    await eventually(() => receiver.received.length === 2, "the first deliveries");
    const since = Date.now();
    const after = [...(await recordEvents()), ...(await recordEvents())];
    await eventually(() => receiver.received.length === 6, "the later deliveries");
    await eventually(
      async () => (await attempts(webhook.id)).length === 6,
      "every attempt recorded, nothing pending",
    );
    const answer = await post("webhooks.redeliver", { token: own.write, webhook_id: webhook.id, since });
    expect(answer).toMatchObject({ ok: true, queued: 4 });
    await eventually(() => receiver.received.length === 10, "the deliveries sent again");
    const again = receiver.received.slice(6).map((got) => got.headers["webhook-id"]);
    expect(new Set(again)).toEqual(new Set(after));
    expect(again.some((id) => before.includes(id as string))).toBe(false);
  });

  it.skipIf(skip)("makes a disabled endpoint active again and sends what it missed", async () => {
    let gone = true;
    const receiver = await localReceiver((_req, res) => res.writeHead(gone ? 410 : 204).end());
    const webhook = await make(receiver.url);
    const missed = await recordEvents();
    await eventually(async () => (await stateOf(webhook.id)).state === "disabled", "the endpoint disabled");
    gone = false;
    const from = receiver.received.length;
    const answer = await post("webhooks.redeliver", { token: own.write, webhook_id: webhook.id });
    expect(answer).toMatchObject({ ok: true, queued: 2, webhook: { state: "active", state_reason: null } });
    const later = await recordEvents();
    await eventually(() => receiver.received.length - from === 4, "what it missed and what came since");
    const since = receiver.received.slice(from).map((got) => got.headers["webhook-id"]);
    expect(new Set(since)).toEqual(new Set([...missed, ...later]));
  });

  it.skipIf(skip)("leaves a delivery still pending as it is", async () => {
    const receiver = await localReceiver(() => {});
    const webhook = await make(receiver.url);
    const [eventId] = await recordEvents();
    await eventually(() => receiver.received.length >= 1, "an attempt under way");
    expect(
      await post("webhooks.redeliver", { token: own.write, webhook_id: webhook.id, event_id: eventId }),
    ).toMatchObject({ ok: true, queued: 0 });
  });

  it.skipIf(skip)(
    "refuses a read token, another account's endpoint and an event never delivered to it",
    async () => {
      const receiver = await localReceiver((_req, res) => res.writeHead(204).end());
      const webhook = await make(receiver.url);
      const [eventId] = await recordEvents();
      await eventually(async () => (await attempts(webhook.id)).length === 2, "the deliveries recorded");
      expect(await post("webhooks.redeliver", { token: own.read, webhook_id: webhook.id })).toEqual({
        ok: false,
        error: "token_permission",
        description: "the token lacks the write permission",
      });
      expect(await post("webhooks.redeliver", { token: other.write, webhook_id: webhook.id })).toEqual({
        ok: false,
        error: "content_not_found",
        description: `webhook not found: ${webhook.id}`,
      });
      expect(
        await post("webhooks.redeliver", { token: own.write, webhook_id: webhook.id, event_id: "ev_never" }),
      ).toEqual({
        ok: false,
        error: "content_not_found",
        description: `no delivery of event ev_never to webhook ${webhook.id}`,
      });
      expect(
        await post("webhooks.redeliver", { token: own.write, webhook_id: webhook.id, since: "yesterday" }),
      ).toMatchObject({ ok: false, error: "parameter_invalid" });
      // None of them queued anything again.
      const [queued] = await storeOf(server).sql.query<{ count: string }>(
        "SELECT count(*)::text AS count FROM webhook_deliveries WHERE webhook_id = $1 AND next_attempt_at IS NOT NULL",
        [webhook.id],
      );
      expect(queued!.count).toBe("0");
      expect((await attempts(webhook.id)).filter((attempt) => attempt.event_id === eventId)).toHaveLength(1);
    },
  );
});
