import type { EventRow, ListEventsInput } from "./listEventsQuery.js";

/** Bounds of the cache: beyond them the oldest runs go first. */
export interface ComputedEventsCacheLimits {
  /**
   * Event rows kept in all, every account's together. Default 100 000: about 30 MB of
   * heap (100 000 rows of the bench's shape measured 31 MB), about twice the expected
   * events of a month of the bench's 100 000 equipment.
   */
  maxRows: number;
  /**
   * How long a run may serve, in ms, even without a change announced. Default 30 000,
   * as the read cache's: a bound on staleness should notifications stop arriving while
   * the connection looks fine.
   */
  maxAgeMs: number;
}

const defaultLimits: ComputedEventsCacheLimits = { maxRows: 100_000, maxAgeMs: 30_000 };

/** An event's key in a walk: `occurred_at` as text, `id`. */
export type EventKey = readonly [occurredAt: string, id: string];

/**
 * The computed (expected) events a page's statement found after the page: every one of
 * the read's scope after the key `after` (or from the window's start), up to and including the instant `through`, in
 * the statement's (`occurred_at`, `id`) order.
 */
export interface ComputedRun {
  /** Absent for a walk's first page: the run serves keys of its rows only. */
  after: EventKey | undefined;
  through: number;
  rows: EventRow[];
}

/** Where a page's key lies in a kept run: the rows after it, complete up to `through`. */
export interface RunTail {
  rows: EventRow[];
  through: number;
}

interface KeptRun extends ComputedRun {
  scope: string;
  expiresAt: number;
}

/**
 * What a server keeps of the expected events it computed for `events.list`, so that a
 * walk computes each instant once. Events of one instant are ordered by their id, an
 * MD5 of what they are, so a page whose key lies inside an instant had to compute that
 * whole instant again to find the events after its key: the bench's walk of a month
 * (53 pages) computed 3.4× the month's dates. Each page's statement now also answers
 * the computed events after the page up to the last instant it computed (a "run"), and
 * the next page starts from them.
 *
 * Runs are kept per scope (account, equipment type, types, window): an account's
 * walk is never answered from another's. Expected events are computed from equipment and
 * schedules only, so every committed change to those tables, by whatever process,
 * empties the cache ({@link clear}, on the notification of migration 0010); a run
 * computed across a clear is not kept. Nothing is kept while notifications are not
 * received ({@link setListening}). Events the recorder records meanwhile are the
 * reader's to check: a kept run is only used for instants after the event clock.
 */
export class ComputedEventsCache {
  readonly #limits: ComputedEventsCacheLimits;
  // Insertion order is age: the first runs are the oldest, evicted first.
  readonly #runs = new Set<KeptRun>();
  readonly #byScope = new Map<string, Set<KeptRun>>();
  #rows = 0;
  #listening = false;
  #generation = 0;
  /** Pages that started from a kept run, and pages that found none, since it was made. */
  readonly stats = { hits: 0, misses: 0 };

  /** @param limits - bounds on what is kept */
  constructor(limits: Partial<ComputedEventsCacheLimits> = {}) {
    this.#limits = { ...defaultLimits, ...limits };
  }

  /** The scope of a read: runs serve only reads of the same scope. */
  static scopeOf(
    input: Pick<ListEventsInput, "accountId" | "equipmentTypeId" | "types" | "from" | "to">,
  ): string {
    const types = [...input.types].sort();
    return JSON.stringify([input.accountId, input.equipmentTypeId ?? null, types, input.from, input.to]);
  }

  /** Says whether change notifications are being received; either way, drops everything. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }

  /** Whether the cache is in use (notifications are being received). */
  get listening(): boolean {
    return this.#listening;
  }

  /** Drops everything: the equipment or schedules changed. */
  clear(): void {
    this.#generation++;
    this.#runs.clear();
    this.#byScope.clear();
    this.#rows = 0;
  }

  /** Runs and rows kept (for tests). */
  get counts(): { runs: number; rows: number } {
    return { runs: this.#runs.size, rows: this.#rows };
  }

  /** A token to pass to {@link keep}: a run computed across a clear is not kept. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * The computed events after `after` of a kept run of the scope, or `undefined` (and a
   * miss counted) when none holds that key.
   *
   * @param scope - from {@link scopeOf}
   * @param after - the page's key
   */
  tail(scope: string, after: EventKey, now = Date.now()): RunTail | undefined {
    if (this.#listening)
      for (const run of this.#byScope.get(scope) ?? []) {
        if (now >= run.expiresAt) {
          this.#drop(run);
          continue;
        }
        const start = positionAfter(run, after);
        if (start === undefined) continue;
        this.stats.hits++;
        return { rows: run.rows.slice(start), through: run.through };
      }
    this.stats.misses++;
    return undefined;
  }

  /**
   * Keeps a run, unless the cache was cleared since `generation` was read or is not in
   * use, or the run is larger than the whole cache.
   *
   * @param scope - from {@link scopeOf}
   * @param run - what the statement computed after its page
   * @param generation - {@link generation} before the statement ran
   */
  keep(scope: string, run: ComputedRun, generation: number, now = Date.now()): void {
    if (!this.#listening || generation !== this.#generation || run.rows.length > this.#limits.maxRows) return;
    for (const old of this.#runs) {
      if (this.#rows + run.rows.length <= this.#limits.maxRows) break;
      this.#drop(old);
    }
    const kept: KeptRun = { ...run, scope, expiresAt: now + this.#limits.maxAgeMs };
    this.#runs.add(kept);
    const runs = this.#byScope.get(scope) ?? new Set<KeptRun>();
    this.#byScope.set(scope, runs);
    runs.add(kept);
    this.#rows += run.rows.length;
  }

  #drop(run: KeptRun): void {
    if (!this.#runs.delete(run)) return;
    this.#rows -= run.rows.length;
    const runs = this.#byScope.get(run.scope);
    runs?.delete(run);
    if (runs?.size === 0) this.#byScope.delete(run.scope);
  }
}

/**
 * The index of the first row after `key` in the run: 0 at the run's own key, one past a
 * row whose key it is; `undefined` when the key is neither. Keys are matched exactly,
 * never compared: ids are ordered by the database's collation, not JavaScript's.
 */
function positionAfter(run: ComputedRun, [at, id]: EventKey): number | undefined {
  if (run.after && run.after[0] === at && run.after[1] === id) return 0;
  const instant = Number(at);
  // The first row at the key's instant (rows are in instant order), then its id.
  let low = 0;
  let high = run.rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (Number(run.rows[middle]!.occurred_at) < instant) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < run.rows.length && run.rows[i]!.occurred_at === at; i++)
    if (run.rows[i]!.id === id) return i + 1;
  return undefined;
}
