import { defaultEventsRetentionMs, type Event } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import type { PageRows } from "../store/Store.js";
import {
  computeBoundQuery,
  type EventRow,
  type ListEventsInput,
  listEventsQuery,
} from "./listEventsQuery.js";

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
   * One page of an account's events in a window, as JSON texts of event records in
   * (`occurred_at`, `id`) order, with their keys: see `listEventsQuery`.
   */
  async list(window: EventWindow): Promise<PageRows> {
    const rows = await this.#readPage(window);
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
    for (let dates = window.rows; ; dates *= 4) {
      const bound = computeBoundQuery(window, dates);
      const upTo =
        (await this.sql.query<{ up_to: string | null }>(bound.text, bound.params))[0]?.up_to ?? null;
      const computeUpTo = upTo === null ? undefined : Number(upTo);
      const { text, params } = listEventsQuery({ ...window, computeUpTo });
      const rows = await this.sql.query<EventRow>(text, params);
      if (rows.length >= window.rows || computeUpTo === undefined) return rows;
    }
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
    equipment_id: row.equipment_id,
    equipmentType_id: row.equipment_type_id,
    ...(row.schedule_id === null ? {} : { schedule_id: row.schedule_id }),
    from: row.from_status as Event["from"],
    to: row.to_status as Event["to"],
    ...(row.inspection_id === null || row.inspection_id === undefined
      ? {}
      : { inspection_id: row.inspection_id }),
    sequence: row.sequence === null ? null : Number(row.sequence),
  };
}
