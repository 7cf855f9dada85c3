// The cursor of equipments.changes on both stores (issue 49): altered, another method's or
// another account's answers parameter_invalid; one older than the retention answers
// cursor_expired - counted from the oldest change it may still need, so a walk of pages
// keeps its first page's age while asking again with nothing new renews it - and a
// refusal reads and records nothing. On PostgreSQL, a page waits for the account's writer
// in flight (its change_seq is drawn before it commits) and holds its change, while
// another account's writer holds nothing up.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockAccount } from "../src/events/eventClockLocks.js";
import type { PipelineServices } from "../src/pipeline/RequestState.js";
import { openStore } from "../src/store/openStore.js";
import { FEED_T0, feedEquipment, feedTokens } from "./support/feedDataset.js";
import { type FeedScene, openFeedScene } from "./support/feedScene.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const notACursor = {
  ok: false,
  error: "parameter_invalid",
  description: "invalid parameter: cursor: not a cursor of equipments.changes",
};
const expired = (retention: string) => ({
  ok: false,
  error: "cursor_expired",
  description: `this cursor is older than the changes the service keeps (${retention}): call equipments.changes without a cursor and replace your copy with what it returns`,
});

/** The cursor with one character of its signed part changed. */
function altered(cursor: string, at: number): string {
  const swap = cursor[at] === "A" ? "B" : "A";
  return `${cursor.slice(0, at)}${swap}${cursor.slice(at + 1)}`;
}

describe.each(testStores)("equipments.changes' cursor on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase;
  let scene: FeedScene;
  let hourly: PipelineServices;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    scene = await openFeedScene(db);
    hourly = await scene.withRetention(HOUR);
  }, 60_000);
  afterAll(async () => {
    await scene?.close();
    await db?.drop();
  });
  const feed = (now: number, more: { cursor?: string; limit?: number } = {}, services = hourly) =>
    scene.call("equipments.changes", { token: feedTokens(0).read, ...more }, now, services);
  /** What a refusal must leave as it was: the account's clock and the events. */
  const recorded = () =>
    scene.store.sql.query(
      "SELECT (SELECT count(*) FROM events)::text AS events, (SELECT json_agg(c ORDER BY account_id) FROM account_event_clocks c)::text AS clocks",
    );

  it.skipIf(skip)("refuses an altered cursor, another method's and another account's", async () => {
    const own = await feed(FEED_T0);
    expect(own.ok, JSON.stringify(own)).toBe(true);
    const cursor: string = own.next_cursor;
    const payloadAt = cursor.indexOf(".") + 3;
    const list = await scene.call(
      "equipments.list",
      { token: feedTokens(0).read, equipmentType_id: "et_feed_0_a", service_type: "all", limit: 1 },
      FEED_T0,
    );
    expect(list.response_metadata.next_cursor).not.toBe("");
    const others = await scene.call("equipments.changes", { token: feedTokens(1).read }, FEED_T0);
    const before = await recorded();
    for (const bad of [
      "not-a-cursor",
      altered(cursor, payloadAt),
      altered(cursor, cursor.length - 2),
      `${cursor}.x`,
      list.response_metadata.next_cursor,
      others.next_cursor,
    ])
      expect(await feed(FEED_T0 + 1_000, { cursor: bad }), bad).toEqual(notACursor);
    expect(await recorded()).toEqual(before);
    // Account 1's own cursor is good for account 1.
    const again = await scene.call(
      "equipments.changes",
      { token: feedTokens(1).read, cursor: others.next_cursor },
      FEED_T0 + 1_000,
    );
    expect(again).toMatchObject({ ok: true, changes: [], has_more: false });
  });

  it.skipIf(skip)(
    "expires a cursor older than the retention, unless asking again with nothing new renewed it",
    async () => {
      const at = FEED_T0 + DAY;
      const { next_cursor: first } = await feed(at);
      expect((await feed(at + HOUR, { cursor: first })).ok).toBe(true);
      const before = await recorded();
      expect(await feed(at + HOUR + 1, { cursor: first })).toEqual(expired("1 hour"));
      expect(await recorded()).toEqual(before);
      const { next_cursor: renewed } = await feed(at + 50 * 60_000, { cursor: first });
      expect(await feed(at + HOUR + 1, { cursor: renewed })).toMatchObject({ ok: true, has_more: false });
      // The service's default retention, in the contract's words.
      expect(await feed(at + HOUR + 90 * DAY + 1, { cursor: renewed }, scene.services)).toEqual(
        expired("90 days"),
      );
    },
  );

  it.skipIf(skip)("counts a walk's cursors from its first page while more changes wait", async () => {
    const at = FEED_T0 + 2 * DAY;
    const first = await feed(at, { limit: 2 });
    expect(first.has_more).toBe(true);
    // Retired during the walk: the walk's later pages must still find it.
    await scene.retire(feedEquipment(0, "b3"), at + 1_000);
    const second = await feed(at + 50 * 60_000, { cursor: first.next_cursor, limit: 2 });
    expect(second.has_more).toBe(true);
    expect(await feed(at + HOUR + 1, { cursor: second.next_cursor })).toEqual(expired("1 hour"));
    const third = await feed(at + HOUR, { cursor: second.next_cursor });
    expect(third.changes).toContainEqual({ id: feedEquipment(0, "b3"), equipment: null });
  });

  // PostgreSQL only: PGlite is one connection in the process, on which no two transactions overlap.
  it.skipIf(skip || name !== "PostgreSQL")(
    "waits for the account's writer in flight and answers its change; another account's holds nothing up",
    async () => {
      const at = FEED_T0 + 3 * DAY;
      const { next_cursor: cursor } = await feed(at);
      const other = await openStore(db.database);
      try {
        for (const [account, held] of [
          ["acc_feed_1", false],
          ["acc_feed_0", true],
        ] as const) {
          const gate: { open?: () => void } = {};
          const opened = new Promise<void>((resolve) => {
            gate.open = resolve;
          });
          const locked: { mark?: () => void } = {};
          const holding = new Promise<void>((resolve) => {
            locked.mark = resolve;
          });
          const equipment = `eq_feed_${account.at(-1)}_a1`;
          const writer = other.sql.transaction(async (tx) => {
            await lockAccount(tx, account);
            await tx.query("UPDATE equipments SET notes = $2 WHERE id = $1", [
              equipment,
              `In flight ${account}`,
            ]);
            locked.mark?.();
            await opened;
          });
          await holding;
          const page = feed(at + 1_000, { cursor });
          try {
            const answered = await Promise.race([
              page.then(() => true),
              new Promise((resolve) => setTimeout(() => resolve(false), 500)),
            ]);
            expect(answered).toBe(!held);
          } finally {
            gate.open?.();
            await writer;
          }
          const { changes } = await page;
          expect(changes).toEqual(
            held
              ? [{ id: equipment, equipment: expect.objectContaining({ notes: `In flight ${account}` }) }]
              : [],
          );
        }
      } finally {
        await other.close();
      }
    },
  );
});
