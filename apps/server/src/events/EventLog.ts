import { defaultEventsRetentionMs, type Event, eventTypeRules } from "@wsafe/schema";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import type { PageRows } from "../store/Store.js";
import {
  ComputedEventsCache,
  type ComputedEventsCacheLimits,
  type EventKey,
  type RunTail,
} from "./ComputedEventsCache.js";
import {
  computeBoundQuery,
  type EventRow,
  type ListEventsInput,
  listEventsQuery,
  recordedUntilQuery,
} from "./listEventsQuery.js";

/** The channel migration 0010's triggers announce changes of equipment and schedules on. */

/**
 * What {@link EventLog.list} reads: one page of an account's window, as `listEventsQuery`
 * takes it (the log chooses how far to compute), and the request's instant, after which
 * events are `expected`.
 */
export interface EventWindow extends Omit<ListEventsInput, "computeUpTo"> {
  now: number;
}

/**
 * The recorded and expected events of the store, as the methods read them, and how long
 * recorded ones are kept. Recording is done by `EventRecorder` (time) and by imports,
 * pruning by `RetentionPruner`.
 */
export class EventLog {
  #cache: ComputedEventsCache | undefined;
  #stopListening: (() => Promise<void>) | undefined;

  /**
   * @param sql - the store's database
   * @param retentionMs - how long recorded events are kept (`--events-retention`)
   */
  constructor(
    readonly sql: Sql,
    readonly retentionMs: number = defaultEventsRetentionMs,
  ) {}

  /** The oldest instant whose events are kept, seen from `now`. */
  oldestKept(now: number): number {
    return now - this.retentionMs;
  }

  /**
   * Keeps the expected events computed for each page from now on, so that the next page
   * of a walk starts from them (see {@link ComputedEventsCache}), emptied by every
   * committed change to equipment or schedules, by whatever process makes it. A server
   * calls it once; the returned cache is there to observe in tests.
   *
   * @param limits - bounds on what is kept
   */
  async startCache(limits?: Partial<ComputedEventsCacheLimits>): Promise<ComputedEventsCache> {
    if (this.#cache) return this.#cache;
    const cache = new ComputedEventsCache(limits);
    this.#stopListening = await this.sql.listen(
      notificationChannels.scheduleChanges.name,
      () => cache.clear(),
      (listening) => cache.setListening(listening),
    );
    this.#cache = cache;
    return cache;
  }

  /**
   * Drops the computed events kept: this server changed equipment or schedules. Its own
   * writes are then seen by its next page at once; everyone's also empty the cache when
   * their notification arrives.
   */
  changed(): void {
    this.#cache?.clear();
  }

  /** Stops keeping computed events, and listening for changes (before the store closes). */
  async stopCache(): Promise<void> {
    const stop = this.#stopListening;
    this.#stopListening = undefined;
    this.#cache?.setListening(false);
    this.#cache = undefined;
    await stop?.();
  }

  /**
   * One page of an account's events in a window, as JSON texts of event records in
   * (`occurred_at`, `id`) order, with their keys: see `listEventsQuery`.
   */
  async list(window: EventWindow): Promise<PageRows> {
    const cache = this.#cache;
    // Expected events lie after now: a window that ends before it computes next to nothing
    // (what the recorder has not reached yet), and is read as without the cache.
    const rows =
      cache?.listening && window.to > window.now
        ? await this.#readCachedPage(window, cache)
        : await this.#readPage(window);
    return {
      records: rows.map((row) => JSON.stringify(eventRecord(row, window.now))),
      keys: rows.map((row) => [row.occurred_at, row.id] as const),
    };
  }

  /**
   * Reads a page, computing the transitions after the clock only as far as the page
   * needs: up to the instant of as many schedule dates as rows wanted, four times as many
   * again while that gave too few rows (dates of other accounts, or that change nothing).
   */
  async #readPage(window: EventWindow): Promise<EventRow[]> {
    return (await this.#computePage(window)).page;
  }

  /**
   * A page's statements (see {@link #readPage}); with `withRun`, also what they computed
   * after the page (`run`), complete up to the instant `through`.
   */
  async #computePage(
    window: EventWindow & Pick<ListEventsInput, "computeAfter" | "withRun">,
  ): Promise<{ page: EventRow[]; run: EventRow[]; through: number }> {
    for (let dates = window.rows; ; dates *= 4) {
      const bound = computeBoundQuery(window, dates);
      const upTo =
        (await this.sql.query<{ up_to: string | null }>(bound.text, bound.params))[0]?.up_to ?? null;
      const computeUpTo = upTo === null ? undefined : Number(upTo);
      const { text, params } = listEventsQuery({ ...window, computeUpTo });
      const rows = await this.sql.query<EventRow>(text, params);
      const runStart = window.withRun ? rows.findIndex((row) => row.run) : -1;
      const page = runStart < 0 ? rows : rows.slice(0, runStart);
      if (page.length >= window.rows || computeUpTo === undefined)
        return {
          page,
          run: runStart < 0 ? [] : rows.slice(runStart),
          through: computeUpTo === undefined ? window.to : Math.min(computeUpTo, window.to),
        };
    }
  }

  /**
   * A page with the cache in use: from the run the page before left when its key lies in
   * one (computing only after the run, if the page needs more), else computed as
   * {@link #readPage} does; either way the run after this page is kept for the next.
   * Answers exactly what {@link #readPage} would: a kept run is used only when its
   * instants all lie after the event clocks, which is when the statement computes them too.
   */
  async #readCachedPage(window: EventWindow, cache: ComputedEventsCache): Promise<EventRow[]> {
    const scope = ComputedEventsCache.scopeOf(window);
    const generation = cache.generation;
    const tail = window.after && cache.tail(scope, window.after);
    if (tail && window.after) {
      const page = await this.#continueRun(
        { ...window, after: window.after },
        tail,
        scope,
        generation,
        cache,
      );
      if (page) return page;
    }
    const { page, run, through } = await this.#computePage({ ...window, withRun: true });
    this.#keepRun(page, run, through, scope, generation, cache, window.after);
    return page;
  }

  /**
   * A page from a kept run; `undefined` when the event clocks have reached the run's
   * instants (the recorder recorded them: the page is then read as without a cache).
   */
  async #continueRun(
    window: EventWindow & { after: EventKey },
    tail: RunTail,
    scope: string,
    generation: number,
    cache: ComputedEventsCache,
  ): Promise<EventRow[] | undefined> {
    // The rows served lie at the key's instant or after: all after the clocks, or none serves.
    if (tail.rows.length >= window.rows) {
      const { text, params } = recordedUntilQuery(window.accountId);
      const until = (await this.sql.query<{ recorded_until: string }>(text, params))[0]?.recorded_until;
      return until !== undefined && Number(until) < Number(window.after[0])
        ? tail.rows.slice(0, window.rows)
        : undefined;
    }
    const { page, run, through } = await this.#computePage({
      ...window,
      rows: window.rows - tail.rows.length,
      computeAfter: tail.through,
      withRun: true,
    });
    // A recorded row after the key means the clocks moved past it since the run was
    // computed: its instants may now be recorded, and were read as such.
    if (page.some((row) => row.sequence !== null)) return undefined;
    const whole = [...tail.rows, ...page];
    this.#keepRun(whole, run, through, scope, generation, cache, window.after);
    return whole;
  }

  /**
   * Keeps the run of a page: its computed rows (the next page's key is one of them: a
   * page reads one row more than it shows) and those the statement found after it.
   * Recorded rows all come before computed ones; after a recorded last row more recorded
   * rows may follow that the page did not read, so no run is kept then.
   *
   * @param key - the page's own key
   */
  #keepRun(
    page: EventRow[],
    run: EventRow[],
    through: number,
    scope: string,
    generation: number,
    cache: ComputedEventsCache,
    key: EventKey | undefined,
  ): void {
    if (page.length === 0 || page.at(-1)!.sequence !== null) return;
    let first = page.length - 1;
    while (first > 0 && page[first - 1]!.sequence === null) first--;
    const before = first > 0 ? page[first - 1] : undefined;
    const after: EventKey | undefined = before ? [before.occurred_at, before.id] : key;
    cache.keep(scope, { after, through, rows: [...page.slice(first), ...run] }, generation);
  }
}

/**
 * An event row as the record of `@wsafe/schema`, fields in its order; `expected` when it
 * lies after `now`. `schedule_id` is on schedule events only.
 *
 * @param row - a row of the events statements
 * @param now - the request's instant
 */
export function eventRecord(row: EventRow, now: number): Event {
  const occurredAt = Number(row.occurred_at);
  return {
    id: row.id,
    type: row.type,
    occurred_at: occurredAt,
    cause: row.cause,
    expected: occurredAt > now,
    ...(row.equipment_id === null ? {} : { equipment_id: row.equipment_id }),
    equipmentType_id: row.equipment_type_id,
    ...(row.schedule_id === null ? {} : { schedule_id: row.schedule_id }),
    from: row.from_status as Event["from"],
    to: row.to_status as Event["to"],
    ...(row.inspection_id === null || row.inspection_id === undefined
      ? {}
      : { inspection_id: row.inspection_id }),
    sequence: row.sequence === null ? null : Number(row.sequence),
    ...recordFieldsOf(row),
  };
}

/** A record event's record under the field its subject names, and its previous attributes. */
function recordFieldsOf(row: EventRow): Partial<Event> {
  if (row.record === null || row.record === undefined) return {};
  const field = eventTypeRules[row.type].subject === "equipmentType" ? "equipmentType" : "equipment";
  return {
    [field]: row.record,
    ...(row.previous_attributes === null || row.previous_attributes === undefined
      ? {}
      : { previous_attributes: row.previous_attributes }),
  };
}
