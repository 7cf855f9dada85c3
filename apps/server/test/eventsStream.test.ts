// events.stream for real, on both stores: a tRPC 11 subscription over Server-Sent Events,
// followed with @trpc/client's httpSubscriptionLink and with a plain EventSource. On a
// dataset whose statuses change seconds ahead, each reader gets the events as they are
// recorded, under the ids events.list shows; a reader cut off and resumed with the last id
// it got misses nothing and gets nothing twice; `from` replays; an account sees its own
// events only (its refusals: eventsStreamRefusals.test.ts).
import type { Event } from "@wsafe/schema";
import { eventually, type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { storeOf } from "../src/testing.js";
import { callMethod, insecureAgent } from "./support/callApi.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";
import { importSoonScene } from "./support/soonScene.js";
import { followWithEventSource, followWithTrpc, type StreamReading } from "./support/streamClients.js";

// Far enough ahead for the import to finish first on a loaded machine (it took 6 s with
// two suites side by side on 2 cores), so the streams open before the first instant.
const FIRST_IN_MS = 8_000;
const SECOND_AFTER_MS = 3_000;
/** What listing the expected events and opening the readers needs before the first instant. */
const ROOM_TO_FOLLOW_MS = 2_000;

/** Waits until `done`, up to `ms` (8 s unless the instant awaited is further off). */
const until = (done: () => boolean, what: string, ms = 8_000) =>
  eventually(done, what, { timeoutMs: ms, intervalMs: 25 });
const sequences = (events: readonly Event[]) => events.map((event) => event.sequence);

describe.each(testStores)("events.stream on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  let expiringAt = 0;
  let expiredAt = 0;
  const readers: StreamReading[] = [];
  const token = soonToken(0);

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    server = await startServer({ port: 0, database: db.database, logger: false });
    // Imported once the server is up, again with twice the lead should the import take
    // it: however long the set-up took, the instants lie ahead.
    ({ expiringAt, expiredAt } = await importSoonScene(storeOf(server), {
      accounts: 2,
      firstInMs: FIRST_IN_MS,
      secondAfterMs: SECOND_AFTER_MS,
      roomMs: ROOM_TO_FOLLOW_MS,
    }));
  }, 60_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.close();
    await db?.drop();
  });
  const follow = (reader: StreamReading) => {
    readers.push(reader);
    return reader;
  };

  it.skipIf(skip)(
    "sends each event as it is recorded, to tRPC's client and a plain EventSource, cut off and resumed without a gap or a repeat",
    async () => {
      expect(Date.now(), "seeded and served before the first instant").toBeLessThan(expiringAt - 1_000);
      const expected = (
        await callMethod(server.url, "POST", "events.list", { token, from: Date.now(), to: expiredAt })
      ).body.events as Event[];
      expect(expected).toHaveLength(4);
      const trpc = follow(followWithTrpc(server.url, { token }));
      const plain = follow(followWithEventSource(server.url, { token }));
      const other = follow(followWithTrpc(server.url, { token: soonToken(1) }));
      await until(
        () => trpc.events.length >= 2 && plain.events.length >= 2,
        "the first instant's events",
        expiringAt - Date.now() + 4_000,
      );
      const first = trpc.events.slice(0, 2);
      for (const event of first) {
        expect(event.occurred_at).toBe(expiringAt);
        expect(event.expected).toBe(false);
        expect(event.sequence).not.toBeNull();
      }
      expect(first.map((event) => event.id).sort()).toEqual(
        expected
          .filter((event) => event.occurred_at === expiringAt)
          .map((event) => event.id)
          .sort(),
      );
      expect(trpc.ids.slice(0, 2)).toEqual(first.map((event) => event.id));
      expect(plain.events.slice(0, 2)).toEqual(first);
      expect(plain.ids.slice(0, 2)).toEqual(first.map((event) => event.id));
      // Cut off after the first instant: the second is recorded while these readers are away.
      trpc.close();
      plain.close();
      await until(
        () => other.events.length >= 4,
        "the other account's events, both instants",
        expiredAt - Date.now() + 4_000,
      );
      const last = first.at(-1)!.id;
      const resumedTrpc = follow(followWithTrpc(server.url, { token, lastEventId: last }));
      const resumedPlain = follow(followWithEventSource(server.url, { token }, last));
      await until(() => resumedTrpc.events.length >= 2 && resumedPlain.events.length >= 2, "what was missed");
      const whole = [...first, ...resumedTrpc.events];
      expect(whole.map((event) => event.id).sort()).toEqual(expected.map((event) => event.id).sort());
      expect(new Set(whole.map((event) => event.id)).size).toBe(whole.length);
      expect(sequences(whole)).toEqual([...sequences(whole)].sort((a, b) => a! - b!));
      expect(resumedPlain.events).toEqual(resumedTrpc.events);
      // One account's stream never carries another's events.
      expect(new Set(other.events.map((event) => event.equipment_id))).toEqual(new Set(["eq_soon_1"]));
      expect(new Set(whole.map((event) => event.equipment_id))).toEqual(new Set(["eq_soon_0"]));
    },
    40_000,
  );

  it.skipIf(skip)("replays the recorded events from an instant, then goes on live", async () => {
    const replay = follow(
      followWithTrpc(server.url, { token, from: expiringAt, types: ["schedule.status_changed"] }),
    );
    await until(() => replay.events.length >= 2, "the replay");
    expect(replay.events.map((event) => [event.type, event.occurred_at])).toEqual([
      ["schedule.status_changed", expiringAt],
      ["schedule.status_changed", expiredAt],
    ]);
  });
});

describe("events.stream keep-alive", () => {
  let db: ScratchDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    db = await testStores[0].create();
    await seedDatabase(
      { openStore, importDataset },
      db.database,
      soonDataset(1, Date.now() + 3_600_000, Date.now() + 7_200_000),
    );
    server = await startServer({ port: 0, database: db.database, logger: false, streamPingMs: 200 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("pings an idle stream at the server's interval, as Server-Sent Events", async () => {
    const input = encodeURIComponent(JSON.stringify({ token: soonToken(0) }));
    const response = await request(`${server.url}/trpc/events.stream?input=${input}`, {
      dispatcher: insecureAgent,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
    let text = "";
    const end = Date.now() + 1_100;
    for await (const chunk of response.body) {
      text += String(chunk);
      if (Date.now() > end) break;
    }
    response.body.destroy();
    // About five in a second, at 200 ms; no event, the account's data being quiet.
    expect(text.match(/^event: ping$/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/^id: /m);
  });
});
