// Time events recorded for real, as their instants pass, by a running server: on a
// dataset whose schedule turns expiring seconds ahead, the event is recorded within a
// second of its instant under the id events.list showed while it was expected; a server
// stopped across an instant records it when it starts again, with its true instant; and
// one account never sees another's events.
import type { Event } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { storeOf } from "../src/testing.js";
import { callMethod } from "./support/callApi.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";

/** The schedule's instants, from the dataset's making: enough for a store to be seeded and served. */
/** The schedule's instants, from its import into the running server. */
const EXPIRING_IN_MS = 5_000;
const EXPIRED_IN_MS = 8_000;

describe.each(testStores)("events recorded as time passes on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer | undefined;
  // Set when this store's suite begins: the suites of the two stores run one after the other.
  let base = 0;
  let expiringAt = 0;
  let expiredAt = 0;

  const start = () => startServer({ port: 0, database: db.database, logger: false });
  const list = async (token: string, body: object): Promise<Event[]> => {
    const answer = await callMethod(server!.url, "POST", "events.list", { token, limit: 1000, ...body });
    expect(answer.body.ok, answer.text).toBe(true);
    return answer.body.events;
  };
  const ofAccount0 = (events: Event[]) => events.filter((event) => event.cause === "time");

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    server = await start();
    // Imported once the server is up, through the store it holds: however long the set-up
    // took, the instants lie ahead.
    base = Date.now();
    expiringAt = base + EXPIRING_IN_MS;
    expiredAt = base + EXPIRED_IN_MS;
    await importDataset(storeOf(server), soonDataset(2, expiringAt, expiredAt));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "records a transition within a second of its instant, under the id it was expected with",
    async () => {
      expect(Date.now(), "the store was seeded and served before its first instant").toBeLessThan(expiringAt);
      const expected = ofAccount0(await list(soonToken(0), { from: Date.now(), to: expiredAt }));
      const rows = (events: Event[]) =>
        events.map((event) => `${event.occurred_at} ${event.type} ${event.from}->${event.to}`).sort();
      expect(rows(expected)).toEqual(
        [
          `${expiringAt} equipment.status_changed uptodate->expiring`,
          `${expiringAt} schedule.status_changed uptodate->expiring`,
          `${expiredAt} equipment.status_changed expiring->expired`,
          `${expiredAt} schedule.status_changed expiring->expired`,
        ].sort(),
      );
      for (const event of expected) {
        expect(event.expected).toBe(true);
        expect(event.sequence).toBeNull();
      }
      // Watch from the instant on: the first answer that shows the event recorded.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiringAt - Date.now())));
      let seenAt: number | undefined;
      let recorded: Event[] = [];
      while (seenAt === undefined && Date.now() < expiringAt + 5_000) {
        const asked = Date.now();
        recorded = ofAccount0(await list(soonToken(0), { from: expiringAt, to: expiringAt }));
        if (recorded.length === 2 && recorded.every((event) => event.sequence !== null)) seenAt = asked;
        else await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seenAt, "recorded at all").toBeDefined();
      expect(seenAt! - expiringAt, "recorded within a second of its instant").toBeLessThanOrEqual(1_000);
      const atExpiring = expected.filter((event) => event.occurred_at === expiringAt);
      expect(recorded.map((event) => event.id).sort()).toEqual(atExpiring.map((event) => event.id).sort());
      for (const event of recorded) {
        expect(event.expected).toBe(false);
        expect(event.occurred_at).toBe(expiringAt);
      }
      // The schedule's transition was recorded before its equipment's: cause, then effect.
      const [schedule, equipment] = ["schedule.status_changed", "equipment.status_changed"].map(
        (type) => recorded.find((event) => event.type === type)!.sequence!,
      );
      expect(schedule).toBeLessThan(equipment!);
    },
    30_000,
  );

  it.skipIf(skip)(
    "records an instant that passed while no server ran, with its true instant",
    async () => {
      await server!.close();
      server = undefined;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt + 200 - Date.now())));
      server = await start();
      const events = ofAccount0(await list(soonToken(0), { from: expiredAt, to: expiredAt }));
      expect(events.map((event) => [event.type, event.to, event.expected, event.sequence !== null])).toEqual(
        expect.arrayContaining([
          ["schedule.status_changed", "expired", false, true],
          ["equipment.status_changed", "expired", false, true],
        ]),
      );
      expect(events).toHaveLength(2);
      expect(events.every((event) => event.occurred_at === expiredAt)).toBe(true);
    },
    30_000,
  );

  it.skipIf(skip)("shows an account its own events only, and another's type as not found", async () => {
    const window = { from: base - 60_000, to: expiredAt + 60_000 };
    for (const index of [0, 1]) {
      const events = await list(soonToken(index), window);
      expect(events.length).toBeGreaterThan(0);
      expect(new Set(events.map((event) => event.equipment_id))).toEqual(new Set([`eq_soon_${index}`]));
    }
    const other = await callMethod(server!.url, "POST", "events.list", {
      token: soonToken(0),
      ...window,
      equipmentType_id: "et_soon_1",
    });
    expect(other.body).toEqual({
      ok: false,
      error: "content_not_found",
      description: "equipment type not found: et_soon_1",
    });
  });
});
