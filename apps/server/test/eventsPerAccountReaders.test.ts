// Issue 38: with accounts' writers recording at once (sequences drawn concurrently, no
// global lock), every reader of one account's events still sees them in commit order:
// many inspections.record on a few accounts, at once, with the recorder of time events
// running between them, while each account is followed by
// - streams of the feed (EventFeed.follow, what events.stream serves): one from the start,
//   one that resumes after an event id it got, one that starts at the account's last event;
// - the webhook delivery pool (claimDeliveries), claiming first attempts as they come.
// Then each view is checked against the store: nothing missed, nothing repeated, in
// sequence order; and within an account, instants never fall as sequences rise.
import { defaultEventTypes } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventFeed, type FeedEvent } from "../src/events/EventFeed.js";
import { recordDueEvents } from "../src/events/recordTimeEvents.js";
import { sequenceOfEvent } from "../src/events/streamStart.js";
import { importDataset } from "../src/import/importDataset.js";
import type { InspectionRequest } from "../src/inspections/recordInspection.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { claimDeliveries } from "../src/webhooks/deliveryQueue.js";
import { inspectedEquipment, inspectionDataset, inspectionSchedules } from "./support/inspectionDataset.js";
import { recordInspectionNow } from "./support/recordInspectionNow.js";
import { testSeed } from "./support/testSeed.js";

const accounts = 4;
const equipmentPerAccount = 3;
const day = 86_400_000;

/** One drawn write: an inspection of an account's equipment, or the recorder's round. */
type Step =
  | { kind: "inspect"; account: number; equipment: number; passed: boolean }
  | { kind: "record time" };

const steps = fc.sample(
  fc.array(
    fc.oneof(
      {
        weight: 12,
        arbitrary: fc.record({
          kind: fc.constant("inspect" as const),
          account: fc.integer({ min: 0, max: accounts - 1 }),
          equipment: fc.integer({ min: 0, max: equipmentPerAccount - 1 }),
          passed: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: "record time" as const }) },
    ),
    { minLength: 160, maxLength: 160 },
  ),
  { numRuns: 1, seed: testSeed },
)[0]! as Step[];

describe.each(testStores)(
  "one account's events, read while accounts write at once, on $name",
  ({ skip, create }) => {
    let db: ScratchDatabase;
    let store: Store;
    const start = Date.now();

    beforeAll(async () => {
      if (skip) return;
      db = await create();
      store = await openStore(db.database);
      await importDataset(store, inspectionDataset(accounts, equipmentPerAccount, start));
      for (let i = 0; i < accounts; i++)
        await store.sql.query(
          `INSERT INTO webhooks (id, account_id, url, types, equipment_type_id, secret, created)
         VALUES ($1, $2, 'https://example.com/hook', '{}', NULL, 'whsec_x', 0)`,
          [`wh_${i}`, `acc_insp_${i}`],
        );
    }, 60_000);
    afterAll(async () => {
      await store?.close();
      await db?.drop();
    });

    /** The account's recorded events, by sequence, as the store holds them. */
    // What a stream and an endpoint that name no type get: the status transitions (the
    // import's record events reach only readers that name them).
    const eventsOf = async (account: number) =>
      store.sql.query<{ id: string; sequence: string; occurred_at: string }>(
        `SELECT id, sequence::text, occurred_at::text FROM events
          WHERE account_id = $1 AND type = ANY($2::text[]) ORDER BY events.sequence`,
        [`acc_insp_${account}`, defaultEventTypes],
      );

    it.skipIf(skip)(
      "reaches every stream and the delivery pool whole, once each, in each account's sequence order",
      async () => {
        const imported = await Promise.all(
          Array.from({ length: accounts }, async (_, i) => Number((await eventsOf(i)).at(-1)?.sequence ?? 0)),
        );
        const feed = new EventFeed(store.sql, {
          info() {},
          error: (_fields, message) => {
            throw new Error(message);
          },
        });
        await feed.start();
        const stop = new AbortController();
        /** What each stream got, by name. */
        const seen = new Map<string, FeedEvent[]>();
        const startedAfter = new Map<string, number>();
        const follow = (name: string, account: number, after: number) => {
          const got: FeedEvent[] = [];
          seen.set(name, got);
          startedAfter.set(name, after);
          return (async () => {
            const filter = { accountId: `acc_insp_${account}`, types: [] };
            for await (const events of feed.followBatches(filter, after, stop.signal, {
              maxBuffered: 10_000,
            }))
              got.push(...events);
          })();
        };
        const streams: Promise<void>[] = [];
        for (let i = 0; i < accounts; i++) streams.push(follow(`from the start ${i}`, i, 0));

        // The pool's first attempts, claimed while the writes go on.
        const claimed = new Map<string, number[]>();
        let writing = true;
        const claim = async () => {
          const batch = await claimDeliveries(store.sql, {
            count: 20,
            perEndpoint: 1_000,
            attempts: 3,
            leaseMs: 3_600_000,
          });
          for (const delivery of batch.deliveries) {
            const list = claimed.get(delivery.webhookId) ?? [];
            list.push(Number(delivery.event.sequence));
            claimed.set(delivery.webhookId, list);
          }
          return batch.deliveries.length;
        };
        const claimer = (async () => {
          while (writing) await claim();
          while ((await claim()) > 0);
        })();

        // The writes: eight at a time, in the drawn order; the clock moves on a day a step.
        let next = 0;
        let resumed = false;
        const writer = async () => {
          for (let index = next++; index < steps.length; index = next++) {
            const step = steps[index]!;
            const now = start + index * day;
            if (step.kind === "record time") {
              await recordDueEvents(store.sql, now);
              continue;
            }
            await recordInspectionNow(store.sql, {
              accountId: `acc_insp_${step.account}`,
              now,
              params: {
                equipment_id: inspectedEquipment(step.account, step.equipment),
                schedule_id: inspectionSchedules.monthly,
                result: step.passed ? "passed" : "failed",
                inspector_id: `u_insp_${step.account}`,
              } as InspectionRequest["params"],
            });
            // Half way, streams that resume: after an event a stream got, and from the last.
            if (index >= steps.length / 2 && !resumed) {
              resumed = true;
              const got = seen.get("from the start 0")!;
              const after = got.length
                ? await sequenceOfEvent(store.sql, "acc_insp_0", got[Math.floor(got.length / 2)]!.id)
                : 0;
              streams.push(follow("resumed 0", 0, after!));
              streams.push(follow("from the last 1", 1, await feed.lastSequence("acc_insp_1")));
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, writer));
        writing = false;
        await claimer;

        const stored = await Promise.all(Array.from({ length: accounts }, (_, i) => eventsOf(i)));
        // Every stream reaches the store's last event of its account (they follow live).
        const lastOf = (account: number) => stored[account]!.at(-1)!.sequence;
        const deadline = Date.now() + 30_000;
        for (const [name, got] of seen) {
          const account = Number(name.at(-1));
          if (Number(lastOf(account)) <= startedAfter.get(name)!) continue;
          while (got.at(-1)?.sequence !== lastOf(account)) {
            if (Date.now() > deadline) throw new Error(`${name} never got the account's last event`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        stop.abort();
        await Promise.all(streams);
        await feed.stop();

        for (let i = 0; i < accounts; i++) {
          const ids = stored[i]!.map((row) => row.id);
          expect(ids.length, `account ${i} recorded`).toBeGreaterThan(3);
          // Within the account, instants never fall as sequences rise.
          const instants = stored[i]!.map((row) => Number(row.occurred_at));
          expect(instants, `account ${i}'s instants`).toEqual([...instants].sort((a, b) => a - b));
          expect(
            seen.get(`from the start ${i}`)!.map((event) => event.id),
            `stream of account ${i}`,
          ).toEqual(ids);
          // The pool: every delivery once, first attempts in the account's sequence order.
          const deliveries = (
            await store.sql.query<{ sequence: string }>(
              "SELECT sequence::text FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY webhook_deliveries.sequence",
              [`wh_${i}`],
            )
          ).map((row) => Number(row.sequence));
          expect(claimed.get(`wh_${i}`), `first attempts of wh_${i}`).toEqual(deliveries);
          // Each event recorded since the endpoint was made (after the import) has its delivery.
          expect(deliveries).toEqual(
            stored[i]!.map((row) => Number(row.sequence)).filter((sequence) => sequence > imported[i]!),
          );
        }
        const resumedAfter = seen.get("resumed 0")!;
        const all0 = stored[0]!.map((row) => row.id);
        expect(all0.slice(all0.length - resumedAfter.length), "resumed stream").toEqual(
          resumedAfter.map((event) => event.id),
        );
        const fromLast = seen.get("from the last 1")!;
        const all1 = stored[1]!.map((row) => row.id);
        expect(all1.slice(all1.length - fromLast.length), "stream from the last event").toEqual(
          fromLast.map((event) => event.id),
        );
      },
      240_000,
    );
  },
);
