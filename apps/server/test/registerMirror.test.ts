// The mirror property of issue 49, with equipments.list itself as the reference: a client
// that starts from no cursor and applies every answer of `equipments.changes` in order
// holds exactly what `equipments.list` over every type with `service_type: "all"` answers
// at the instant of its last answer, statuses included. Along a timeline of the test's own
// (requests served in this process at chosen instants), random sequences of the
// register's writes (create, update, retire, schedules set and removed, an import) and
// the passing of time, which moves statuses past the schedules' dates, are applied to two
// accounts; after every step each account's mirror is caught up, a few changes per answer,
// and compared with its lists. Nothing of the other account ever reaches a mirror. And the
// folding invariant of eventsFolding.test.ts over the same writes: the events each step
// recorded (its write's transitions, time's before it) applied to the statuses the lists
// answered before the step give those they answer after it, every `from` what it replaces.
import type { Equipment } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { RANDOM_EPOCH, type RandomAccount, randomAccount, randomStamps } from "./support/randomDatasets.js";
import { testSeed } from "./support/testSeed.js";

const ACCOUNTS = 2;
const STEPS = 40;

const date = fc.option(fc.constantFrom(...randomStamps), { nil: null, freq: 4 });

/** One step of the timeline: a write to one account, after some time passed. */
const step = fc.record({
  account: fc.nat({ max: ACCOUNTS - 1 }),
  /** How long after the previous step it happens (ms; never 0, so that each step's events have a window of their own): the schedules' dates lie within 4 s. */
  after: fc.integer({ min: 1, max: 700 }),
  /** Which equipment or type a write picks, as an index into those there are. */
  pick: fc.nat(),
  write: fc.constantFrom("create", "update", "move", "retire", "set", "remove", "import", "time"),
  inService: fc.boolean(),
  notes: fc.constantFrom("", "changed", "line\nbreak"),
  schedule: fc.record({
    schedule_id: fc.constantFrom("s_a", "s_B", "s_new"),
    expiresOn: date,
    expiringOn: date,
  }),
});

describe.each(testStores)(
  "a mirror of equipments.changes equals equipments.list on $name",
  ({ skip, create }) => {
    let database: ScratchDatabase | undefined;
    let store: Store;
    let services: PipelineServices;
    const random = fc.sample(
      fc.record({
        accounts: fc.tuple(...Array.from({ length: ACCOUNTS }, (_, index) => randomAccount(index))),
        steps: fc.array(step, { minLength: STEPS, maxLength: STEPS }),
      }),
      { seed: testSeed, numRuns: 1 },
    )[0]!;

    beforeAll(async () => {
      if (skip) return;
      database = await create();
      store = await openStore(database.database);
      services = createPipelineServices(store, {
        rateLimiter: await RateLimiter.create({ points: 1_000_000, durationSeconds: 60 }),
        log: { info: () => {}, error: () => {} },
      });
    }, 60_000);
    afterAll(async () => {
      await services?.rateLimiter.close();
      await store?.close();
      await database?.drop();
    });

    const call = (method: Parameters<typeof callInProcess>[1], data: object, now: number) =>
      callInProcess(services, method, data, now);

    /** Every equipment `equipments.list` answers for the account at `now`, over every type. */
    async function listed(account: RandomAccount, now: number): Promise<Map<string, Equipment>> {
      const { equipmentTypes } = await call("equipmentTypes.list", { token: account.token }, now);
      const all = new Map<string, Equipment>();
      for (const type of equipmentTypes as { id: string }[]) {
        const page = await call(
          "equipments.list",
          { token: account.token, equipmentType_id: type.id, service_type: "all", limit: 1000 },
          now,
        );
        for (const equipment of page.equipments as Equipment[]) all.set(equipment.id, equipment);
      }
      return all;
    }

    /** The account's events in `(after, now]`, in small pages: those a stream naming no type gets. */
    const eventsSince = (account: RandomAccount, after: number, now: number) =>
      eventsInWindow(services, account.token, { from: after + 1, to: now }, now, 50);

    it.skipIf(skip)(
      "after every write and every passing of time, on two accounts, its events folding onto the lists",
      async () => {
        let now = RANDOM_EPOCH - 2_000;
        const mirrors = random.accounts.map(() => ({ copy: new Map<string, Equipment>(), cursor: "" }));
        for (const account of random.accounts)
          await importCheckedDataset(store, checkDatasetShape(account.dataset), {}, now);
        const refusals: Record<string, number> = {};
        /** Each account's statuses as its lists answered them after the previous step, and when. */
        const folded: { statuses: StatusMap; at: number }[] = [];
        for (const account of random.accounts)
          folded.push({ statuses: statusesOf([...(await listed(account, now)).values()]), at: now });
        let transitions = 0;

        const catchUp = async (index: number) => {
          const mirror = mirrors[index]!;
          const token = random.accounts[index]!.token;
          for (let answers = 0; ; answers++) {
            expect(answers, "the feed ends").toBeLessThan(200);
            const answer = await call(
              "equipments.changes",
              { token, limit: 3, ...(mirror.cursor && { cursor: mirror.cursor }) },
              now,
            );
            expect(answer.ok, JSON.stringify(answer)).toBe(true);
            const ids = answer.changes.map((change: { id: string }) => change.id);
            expect(new Set(ids).size, "each id at most once per answer").toBe(ids.length);
            for (const change of answer.changes as { id: string; equipment: Equipment | null }[]) {
              if (change.equipment === null) mirror.copy.delete(change.id);
              else mirror.copy.set(change.id, change.equipment);
            }
            mirror.cursor = answer.next_cursor;
            if (!answer.has_more) return;
          }
        };

        for (const [at, drawn] of random.steps.entries()) {
          now += drawn.after;
          const account = random.accounts[drawn.account]!;
          const live = [...(await listed(account, now)).keys()];
          const { equipmentTypes } = await call("equipmentTypes.list", { token: account.token }, now);
          const types = (equipmentTypes as { id: string }[]).map((type) => type.id);
          const picked = live[drawn.pick % Math.max(live.length, 1)];
          const type = types[drawn.pick % types.length]!;
          const write = { token: account.writeToken };
          let answer: { ok: boolean; error?: string } = { ok: true };
          if (drawn.write === "create" || (picked === undefined && drawn.write !== "time"))
            answer = await call(
              "equipments.create",
              {
                ...write,
                equipmentType_id: type,
                serialNumber: `S-${at}`,
                isInService: drawn.inService,
                schedules: [{ ...drawn.schedule, lastCompletedOn: null }],
              },
              now,
            );
          else if (drawn.write === "update")
            answer = await call(
              "equipments.update",
              { ...write, id: picked, notes: drawn.notes, isInService: drawn.inService },
              now,
            );
          else if (drawn.write === "move")
            answer = await call("equipments.update", { ...write, id: picked, equipmentType_id: type }, now);
          else if (drawn.write === "retire")
            answer = await call("equipments.retire", { ...write, id: picked }, now);
          else if (drawn.write === "set")
            answer = await call("schedules.set", { ...write, equipment_id: picked, ...drawn.schedule }, now);
          else if (drawn.write === "remove")
            answer = await call(
              "schedules.remove",
              { ...write, equipment_id: picked, schedule_id: drawn.schedule.schedule_id },
              now,
            );
          else if (drawn.write === "import") {
            // The operator's file again, as it was: what the API changed of its records goes back.
            await importCheckedDataset(store, checkDatasetShape(account.dataset), {}, now);
          }
          if (!answer.ok) refusals[answer.error ?? "?"] = (refusals[answer.error ?? "?"] ?? 0) + 1;
          // Refusals a random write may meet (an equipment's metavalues another type lacks, a
          // schedule it does not have, expiringOn after expiresOn); anything else is a bug.
          if (!answer.ok)
            expect(["parameter_invalid", "content_not_found"], JSON.stringify(answer)).toContain(
              answer.error,
            );
          for (const [index, other] of random.accounts.entries()) {
            await catchUp(index);
            const lists = await listed(other, now);
            const step = `account ${index} after step ${at} (${drawn.write})`;
            expect(mirrors[index]!.copy, step).toEqual(lists);
            const before = folded[index]!;
            const events = inApplyOrder(await eventsSince(other, before.at, now));
            transitions += events.length;
            const after = foldEvents(before.statuses, events, before.at);
            expect(after.mismatches, step).toEqual([]);
            expect(after.statuses, step).toEqual(statusesOf([...lists.values()]));
            folded[index] = { statuses: after.statuses, at: now };
          }
        }
        expect(transitions, "the timeline moved statuses").toBeGreaterThan(0);
        console.log(
          `registerMirror: ${STEPS} steps, ${transitions} status transitions folded, refusals met ${JSON.stringify(refusals)}`,
        );
      },
      240_000,
    );
  },
);
