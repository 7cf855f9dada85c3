// The folding invariant of issue 29, with equipments.list itself as the reference:
// applying the events of a window to the statuses `equipments.list` answers at its start
// gives the statuses it answers at its end. Along a timeline of its own (requests served
// in this process at chosen instants, imports placed at chosen instants), each store
// imports random datasets whose dates lie around the timeline, so statuses change both
// with time and with imports:
// - between two imports, the recorded events (time, caught up by the next import before it
//   writes, and that import's own) fold the statuses after one import onto those after
//   the next, every `from` matching what it replaces;
// - the events of a window that were expected before it passed are the ones recorded
//   for it, id for id;
// - between an import and inspections recorded at chosen instants (issue 36: one, or two
//   of one schedule at once), the events recorded meanwhile (time's, then the
//   inspections' own, cause `inspection`) fold the same way; both inspections are kept,
//   and the schedule's dates are those of the later `performed_at`;
// - after the last import, windows of expected events fold the same way.
import type { DatasetInput, Event } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDueEvents } from "../src/events/recordTimeEvents.js";
import { importCheckedDataset } from "../src/import/importDataset.js";
import type { PipelineServices } from "../src/pipeline/RequestState.js";
import { RateLimiter } from "../src/rateLimit/RateLimiter.js";
import { createPipelineServices } from "../src/services/createPipelineServices.js";
import { checkDatasetShape } from "../src/store/dataset/checkDatasetShape.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { callInProcess } from "./support/callInProcess.js";
import { eventsInWindow } from "./support/eventsInWindow.js";
import { foldEvents, inApplyOrder, type StatusMap, statusesOf } from "./support/foldEvents.js";
import { RANDOM_EPOCH, type RandomAccount, randomAccount } from "./support/randomDatasets.js";
import { testSeed } from "./support/testSeed.js";
import { randomInspection, recordDrawnInspection } from "./support/timelineInspections.js";

const ACCOUNTS = 3;
const STEPS = 8;
/** Inspections drawn per step, recorded after its import. */
const INSPECTIONS = 3;
/** Each step's dates lie this far after the previous step's. */
const STEP_MS = 5_000;

/** The dataset with every schedule date moved by `by` ms. */
function shifted(dataset: DatasetInput, by: number): DatasetInput {
  const move = (date: number | null) => (date === null ? null : date + by);
  return {
    ...dataset,
    equipments: (dataset.equipments ?? []).map((equipment) => ({
      ...equipment,
      schedules: (equipment.schedules ?? []).map((schedule) => ({
        ...schedule,
        expiresOn: move(schedule.expiresOn),
        expiringOn: move(schedule.expiringOn),
        lastCompletedOn: move(schedule.lastCompletedOn),
      })),
    })),
  };
}

describe.each(testStores)("events fold onto equipments.list on $name (seed %s)", ({ skip, create }) => {
  let database: ScratchDatabase | undefined;
  let store: Store;
  let services: PipelineServices;
  const random = fc.sample(
    fc.record({
      accounts: fc.tuple(...Array.from({ length: ACCOUNTS }, (_, index) => randomAccount(index))),
      steps: fc.array(
        fc.record({
          account: fc.nat({ max: ACCOUNTS - 1 }),
          data: fc.nat({ max: ACCOUNTS - 1 }).chain((index) => randomAccount(index)),
          at: fc.integer({ min: -1_000, max: 4_500 }),
          inspections: fc.array(randomInspection(ACCOUNTS), {
            minLength: INSPECTIONS,
            maxLength: INSPECTIONS,
          }),
        }),
        { minLength: STEPS, maxLength: STEPS },
      ),
      windows: fc.array(fc.tuple(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 40_000 })), {
        minLength: 6,
        maxLength: 6,
      }),
    }),
    { seed: testSeed, numRuns: 1 },
  )[0]!;

  beforeAll(async () => {
    if (skip) return;
    database = await create();
    store = await openStore(database.database);
    services = createPipelineServices(store, {
      rateLimiter: await RateLimiter.create({ points: 1_000_000, durationSeconds: 60 }),
      // Nothing is started: this suite streams nothing.
      log: { info: () => {}, error: () => {} },
    });
  }, 60_000);
  afterAll(async () => {
    await services?.rateLimiter.close();
    await store?.close();
    await database?.drop();
  });

  /** The account's statuses at `at`, from `equipments.list` of each of its types, asked at `now`. */
  async function statusesAt(account: RandomAccount, at: number, now: number): Promise<StatusMap> {
    const types = await callInProcess(services, "equipmentTypes.list", { token: account.token }, now);
    const statuses: StatusMap = new Map();
    for (const type of types.equipmentTypes as { id: string }[]) {
      const list = await callInProcess(
        services,
        "equipments.list",
        {
          token: account.token,
          equipmentType_id: type.id,
          service_type: "all",
          as_of: at,
          columns: ["id", "equipmentType_id", "status", "schedules"],
        },
        now,
      );
      statusesOf(list.equipments, statuses);
    }
    return statuses;
  }

  /** Every event of the account in [from, to], asked at `now`, walked in small pages. */
  const eventsIn = (account: RandomAccount, from: number, to: number, now: number) =>
    eventsInWindow(services, account.token, { from, to }, now, 7);

  const ids = (events: readonly Event[]) => events.map((event) => event.id).sort();
  /** What the timeline's inspections did, so a run that recorded none cannot pass unseen. */
  const inspected = { ids: new Set<string>(), twins: 0, events: 0 };

  it.skipIf(skip)(
    "recorded events fold the statuses after one import onto those after the next, as expected before",
    async () => {
      const accounts = random.accounts;
      let at = RANDOM_EPOCH - STEP_MS;
      for (const account of accounts)
        await importCheckedDataset(store, checkDatasetShape(account.dataset), {}, at);
      const states = await Promise.all(accounts.map((account) => statusesAt(account, at, at)));
      for (const [step, drawn] of random.steps.entries()) {
        const account = accounts[drawn.account]!;
        // The drawn records, under this account's ids, dated around this step.
        const data = shifted(rename(drawn.data, account), step * STEP_MS);
        const next = Math.max(at + 1, RANDOM_EPOCH + step * STEP_MS + drawn.at);
        const expected = await Promise.all(accounts.map((a) => eventsIn(a, at + 1, next, at)));
        await importCheckedDataset(store, checkDatasetShape(data), {}, next);
        await checkFolding(step, at, next, expected);
        at = next;
        // Then inspections, each at an instant of its own after the import.
        for (const [n, drawnInspection] of drawn.inspections.entries()) {
          const when = at + 1 + drawnInspection.after;
          const expectedBefore = await Promise.all(accounts.map((a) => eventsIn(a, at + 1, when, at)));
          const made = await recordDrawnInspection(
            services,
            accounts[drawnInspection.account]!,
            drawnInspection,
            when,
            `seed ${testSeed}, step ${step}, inspection ${n}`,
          );
          for (const id of made) inspected.ids.add(id);
          if (made.length === 2) inspected.twins++;
          // An inspection records its own account's time up to its instant (from the dates
          // as they were); the other accounts' is the recorder's, as the instant passes.
          await recordDueEvents(store.sql, when);
          await checkFolding(step, at, when, expectedBefore);
          at = when;
        }
      }

      /** The recorded events of (at, next] fold each account's statuses at `at` onto those at `next`. */
      async function checkFolding(step: number, at: number, next: number, expected: Event[][]) {
        for (const [index, other] of accounts.entries()) {
          const recorded = await eventsIn(other, at + 1, next, next);
          for (const event of recorded) {
            expect(event.sequence, `seed ${testSeed}: ${event.id} is recorded`).not.toBeNull();
            expect(event.expected).toBe(false);
          }
          for (const event of recorded.filter((event) => event.cause === "inspection")) {
            expect(inspected.ids.has(event.inspection_id!), event.id).toBe(true);
            inspected.events++;
          }
          const byTime = recorded.filter((event) => event.cause === "time");
          expect(ids(byTime), `seed ${testSeed}, step ${step}: recorded as expected`).toEqual(
            ids(expected[index]!),
          );
          const { statuses, mismatches } = foldEvents(states[index]!, inApplyOrder(recorded), at);
          expect(mismatches, `seed ${testSeed}, step ${step}`).toEqual([]);
          const actual = await statusesAt(other, next, next);
          expect(statuses, `seed ${testSeed}, step ${step}, account ${index}`).toEqual(actual);
          states[index] = actual;
        }
      }
      expect(inspected.ids.size, `seed ${testSeed}: inspections recorded`).toBeGreaterThan(5);
      expect(inspected.twins, `seed ${testSeed}: two at once`).toBeGreaterThan(0);
      expect(inspected.events, `seed ${testSeed}: events of inspections`).toBeGreaterThan(0);
    },
    240_000,
  );

  it.skipIf(skip)(
    "expected events fold the statuses at a window's start onto those at its end",
    async () => {
      const now = (
        await store.sql.query<{ at: string }>("SELECT recorded_until::text AS at FROM event_clock")
      )[0]!;
      const clock = Number(now.at);
      for (const [first, second] of random.windows) {
        const [from, to] = [clock + Math.min(first, second), clock + Math.max(first, second)];
        for (const [index, account] of random.accounts.entries()) {
          const events = await eventsIn(account, from, to, clock);
          for (const event of events) expect(event.expected, event.id).toBe(event.occurred_at > clock);
          const { statuses, mismatches } = foldEvents(
            await statusesAt(account, from, clock),
            inApplyOrder(events),
            from,
          );
          expect(mismatches, `seed ${testSeed}, window ${from}..${to}`).toEqual([]);
          expect(statuses, `seed ${testSeed}, account ${index}, window ${from}..${to}`).toEqual(
            await statusesAt(account, to, clock),
          );
        }
      }
    },
    120_000,
  );
});

/**
 * The records of one drawn account under another account's ids (prefix, account, token,
 * user), so that a step re-imports ids the store holds: some equipment change their
 * schedules or their type, some are new, the rest stay.
 */
function rename(drawn: RandomAccount, into: RandomAccount): DatasetInput {
  const from = `d${drawn.accountId.split("_").pop()}_`;
  const to = `d${into.accountId.split("_").pop()}_`;
  return JSON.parse(
    JSON.stringify(drawn.dataset)
      .replaceAll(drawn.accountId, into.accountId)
      .replaceAll(drawn.token, into.token)
      .replaceAll(drawn.writeToken, into.writeToken)
      .replaceAll(`"${from}`, `"${to}`),
  ) as DatasetInput;
}
