import { describe, expect, it } from "vitest";
import { ComputedEventsCache, type EventKey } from "./ComputedEventsCache.js";
import type { EventRow } from "./listEventsQuery.js";

/** A computed event row at instant `at` with id `id`. */
const row = (at: number, id: string): EventRow => ({
  id,
  type: "schedule.status_changed",
  occurred_at: String(at),
  cause: "time",
  equipment_id: "eq_1",
  equipment_type_id: "et_1",
  schedule_id: "sch_1",
  from_status: "up_to_date",
  to_status: "expiring",
  inspection_id: null,
  record: null,
  previous_attributes: null,
  sequence: null,
});

const scope = ComputedEventsCache.scopeOf({ accountId: "acc_a", types: [], from: 0, to: 1000 });
const ids = (rows: EventRow[] | undefined) => rows?.map((r) => `${r.occurred_at}/${r.id}`);

function listening(limits?: ConstructorParameters<typeof ComputedEventsCache>[0]) {
  const cache = new ComputedEventsCache(limits);
  cache.setListening(true);
  return cache;
}

describe("ComputedEventsCache", () => {
  const run = {
    after: ["10", "m"] as EventKey,
    through: 30,
    rows: [row(10, "x"), row(20, "b"), row(20, "a")],
  };

  it("answers the rows after a key that is the run's own or one of its rows, matched exactly", () => {
    const cache = listening();
    cache.keep(scope, run, cache.generation);
    expect(ids(cache.tail(scope, ["10", "m"])?.rows)).toEqual(["10/x", "20/b", "20/a"]);
    // Rows are in the database's order: the key is found, never compared.
    expect(ids(cache.tail(scope, ["20", "b"])?.rows)).toEqual(["20/a"]);
    expect(cache.tail(scope, ["20", "a"])).toEqual({ rows: [], through: 30 });
    expect(cache.tail(scope, ["20", "c"])).toBeUndefined();
    expect(cache.tail(scope, ["15", "x"])).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 3, misses: 2 });
  });

  it("serves a run to its own scope only: another account, type, types or window misses", () => {
    const cache = listening();
    cache.keep(scope, run, cache.generation);
    for (const other of [
      { accountId: "acc_b", types: [], from: 0, to: 1000 },
      { accountId: "acc_a", equipmentTypeId: "et_1", types: [], from: 0, to: 1000 },
      { accountId: "acc_a", types: ["equipment.status_changed" as const], from: 0, to: 1000 },
      { accountId: "acc_a", types: [], from: 1, to: 1000 },
      { accountId: "acc_a", types: [], from: 0, to: 999 },
    ])
      expect(cache.tail(ComputedEventsCache.scopeOf(other), ["10", "m"])).toBeUndefined();
    // The order types are named in is no other scope.
    expect(
      ComputedEventsCache.scopeOf({
        accountId: "a",
        types: ["schedule.status_changed", "equipment.status_changed"],
        from: 0,
        to: 1,
      }),
    ).toBe(
      ComputedEventsCache.scopeOf({
        accountId: "a",
        types: ["equipment.status_changed", "schedule.status_changed"],
        from: 0,
        to: 1,
      }),
    );
  });

  it("keeps at most maxRows rows in all, the oldest runs out first, and never a larger run", () => {
    const cache = listening({ maxRows: 5 });
    const runOf = (at: number, n: number) => ({
      after: [String(at), ""] as EventKey,
      through: at,
      rows: Array.from({ length: n }, (_, i) => row(at, `r${i}`)),
    });
    cache.keep(scope, runOf(1, 2), cache.generation);
    cache.keep(scope, runOf(2, 2), cache.generation);
    expect(cache.counts).toEqual({ runs: 2, rows: 4 });
    cache.keep(scope, runOf(3, 3), cache.generation);
    expect(cache.counts).toEqual({ runs: 2, rows: 5 });
    expect(cache.tail(scope, ["1", ""])).toBeUndefined();
    expect(cache.tail(scope, ["2", ""])?.rows).toHaveLength(2);
    cache.keep(scope, runOf(4, 6), cache.generation);
    expect(cache.counts).toEqual({ runs: 2, rows: 5 });
    expect(cache.tail(scope, ["4", ""])).toBeUndefined();
  });

  it("keeps nothing while not listening, nor a run computed across a clear, and drops all on either", () => {
    const cache = new ComputedEventsCache();
    cache.keep(scope, run, cache.generation);
    expect(cache.counts.runs).toBe(0);
    cache.setListening(true);
    const before = cache.generation;
    cache.clear();
    cache.keep(scope, run, before);
    expect(cache.counts.runs).toBe(0);
    cache.keep(scope, run, cache.generation);
    expect(cache.counts.runs).toBe(1);
    cache.setListening(false);
    expect(cache.counts).toEqual({ runs: 0, rows: 0 });
    expect(cache.tail(scope, ["10", "m"])).toBeUndefined();
  });

  it("serves a run for maxAgeMs at most", () => {
    const cache = listening({ maxAgeMs: 100 });
    cache.keep(scope, run, cache.generation, 1_000);
    expect(cache.tail(scope, ["10", "m"], 1_099)).toBeDefined();
    expect(cache.tail(scope, ["10", "m"], 1_100)).toBeUndefined();
    expect(cache.counts.runs).toBe(0);
  });
});
