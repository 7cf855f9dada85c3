import type { EventCause } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import { sqlParameters } from "../store/queries/sqlParameters.js";
import { lockClockExclusively } from "./eventClockLocks.js";
import { eventIdSql, eventTypeSql, statusNameSql } from "./eventRowSql.js";
import { insertEventsSql } from "./insertEventsSql.js";
import { changeTables, statusChangesSql, statusesAtSql } from "./statusChangesSql.js";
import { timeTransitionOrder, timeTransitionsSql } from "./timeTransitionsSql.js";

/** What a write may change the statuses of. */
export interface ChangeScope {
  /** The equipment it writes (their schedules included). */
  equipmentIds: readonly string[];
  /** The equipment types it writes: a type moved to another account takes its equipment along. */
  equipmentTypeIds: readonly string[];
}

/** A write that changes what statuses are computed from, as its events will say. */
export interface StatusChange {
  /** Why the statuses change: every writer but time names itself. */
  cause: Exclude<EventCause, "time">;
  /**
   * Unique to this write: with what each event is, it makes the events' ids. For an
   * inspection, its id, which its events carry as `inspection_id`.
   */
  key: string;
  scope: ChangeScope;
  /** The write's instant: its events' `occurred_at` (the clock's, when that is later). */
  at: number;
}

/** What {@link EventProducer.recordChange} did, beside the write's own answer. */
export interface RecordedChange<T> {
  written: T;
  /** The instant the change was recorded at: the events' `occurred_at`. */
  instant: number;
  /** The events recorded: the change's own, and those time made up to its instant. */
  events: number;
}

/**
 * The producer of events for every account, and the rules every producer keeps: every
 * writer of the store that changes a status (time passing, an import) records its events
 * through it, and a recorded inspection through its account's producer
 * (`AccountEventProducer`), in its own transaction, so that the rules of the events table
 * hold in code rather than in comments:
 *
 * - **The clock and the order.** A producer exists only once its transaction holds the
 *   event clock (migrations 0004 and 0009, `eventClockLocks.ts`), kept to the commit:
 *   - `AccountEventProducer.hold`: one account's writer (an inspection). It holds the
 *     clock shared and its account's lock, so writes of two accounts run at once and one
 *     account's one after the other. It draws each event's sequence from
 *     `events_sequence` under its account's lock: the account's sequences follow its
 *     commit order, so a reader of that account who has seen sequence n has seen all of
 *     its events below it. Across accounts they need not: readers go per account.
 *   - {@link EventProducer.hold}: a producer for every account (an import; the recorder,
 *     through {@link EventProducer.holdUnlessBusy}). It holds the clock exclusively, so
 *     no account writer runs beside it, and numbers a whole statement from one draw.
 * - **Time before a write.** An account's writer records that account's time events up to
 *   its instant, from where they stand (the store's clock, or the account's own clock in
 *   `account_event_clocks`, when later), and moves its account's clock; the exclusive
 *   producer records every account's from where each stands and moves the store's. So
 *   within an account instants never fall as sequences rise.
 * - **The outbox.** Inserting events fills the webhook outbox in the same statement: the
 *   trigger `events_enqueue_deliveries` (migration 0005, with the event's sequence since
 *   0007) adds a row to
 *   `webhook_deliveries` for each endpoint that wants each event. An event is thus never
 *   committed without its deliveries, and a write rolled back leaves neither.
 * - **The counts.** The same statement adds what it inserted, by type and cause, to
 *   `event_counts` (the trigger `events_count_recorded`, migration 0006), which
 *   `wsafe_events_recorded_total` reports whichever process recorded them.
 * - **The feed.** A commit that recorded events notifies `notificationChannels.events`, which
 *   wakes every server's stream feed and delivery loop.
 */
export class EventProducer {
  readonly #sql: Sql;
  #recordedUntil: number;
  /** The latest instant any account's time events are recorded to: no change is recorded before it. */
  #latest: number;

  private constructor(sql: Sql, recordedUntil: number, latest: number) {
    this.#sql = sql;
    this.#recordedUntil = recordedUntil;
    this.#latest = latest;
  }

  /**
   * Holds the event clock exclusively in the caller's transaction, waiting for the
   * transactions that hold it (an exclusive producer; account writers in progress), and
   * answers the producer of that transaction, for every account.
   *
   * @param sql - a transaction (the lock is held until it ends)
   */
  static async hold(sql: Sql): Promise<EventProducer> {
    return (await EventProducer.#exclusive(sql, false))!;
  }

  /**
   * {@link hold}, unless another exclusive producer is at work: then `undefined` at once
   * (that one is recording). Account writers in progress are waited for.
   *
   * @param sql - a transaction
   */
  static holdUnlessBusy(sql: Sql): Promise<EventProducer | undefined> {
    return EventProducer.#exclusive(sql, true);
  }

  static async #exclusive(sql: Sql, skipIfHeld: boolean): Promise<EventProducer | undefined> {
    const clock = await lockClockExclusively(sql, skipIfHeld);
    return clock && new EventProducer(sql, clock.recordedUntil, clock.latest);
  }

  /** How far time events are recorded: every transition up to this instant is in `events`. */
  get recordedUntil(): number {
    return this.#recordedUntil;
  }

  /**
   * Records every transition that time makes in `(recordedUntil, upTo]`, computed from the
   * data as it stands in the transaction, each with its true instant, and moves the clock
   * to `upTo` (never back: a server whose clock runs behind another's does not undo what
   * that one recorded). An event already recorded (same id) is left as it is.
   *
   * It records every account's, each from where its account's clock stands when later
   * than the store's (a writer recorded up to there, then changed dates: what the new
   * dates place before that is not history), moves the store's clock, and forgets the
   * account clocks it passed.
   *
   * @param upTo - the instant to record up to (included)
   * @returns how many events were recorded
   */
  async recordTime(upTo: number): Promise<number> {
    if (upTo <= this.#recordedUntil) return 0;
    const { params, param } = sqlParameters();
    const transitions = timeTransitionsSql(
      param,
      param(this.#recordedUntil, "bigint"),
      param(upTo, "bigint"),
    );
    const rows = `SELECT * FROM (${transitions}) t
            WHERE NOT EXISTS (SELECT 1 FROM account_event_clocks a
                               WHERE a.account_id = t.account_id AND a.recorded_until >= t.occurred_at)`;
    const recorded = await this.#insert(rows, params, timeTransitionOrder, "stable");
    await this.#sql.query(
      "UPDATE event_clock SET recorded_until = $1::bigint WHERE recorded_until < $1::bigint",
      [upTo],
    );
    await this.#sql.query("DELETE FROM account_event_clocks WHERE recorded_until <= $1::bigint", [upTo]);
    this.#recordedUntil = upTo;
    this.#latest = Math.max(this.#latest, upTo);
    return recorded;
  }

  /**
   * Runs a write (`write`) so that every status it changes within its scope is recorded as
   * an event of its cause, at its instant: each status is computed at the instant before
   * and after the write, and what differs is an event. An equipment or schedule that
   * appears (new, or moved to this type or account) has `from: null`; one that goes has
   * `to: null`.
   *
   * First, what time changed up to the instant is recorded from the data as it was: once
   * the write is in, the old dates are gone. Transitions that the written dates place
   * before the instant are not history, so time events are recorded from the instant on.
   *
   * @param change - who writes, what, when
   * @param write - the writes, given the instant they happen at
   */
  async recordChange<T>(
    change: StatusChange,
    write: (instant: number) => Promise<T>,
  ): Promise<RecordedChange<T>> {
    const sql = this.#sql;
    const instant = Math.max(change.at, this.#latest);
    let events = await this.recordTime(instant);
    await sql.query(
      `CREATE TEMP TABLE ${changeTables.scope} (equipment_id text COLLATE "C" PRIMARY KEY) ON COMMIT DROP`,
    );
    await sql.query(
      `INSERT INTO ${changeTables.scope}
       SELECT DISTINCT unnest($1::text[])
       UNION SELECT id FROM equipments WHERE equipment_type_id = ANY($2::text[])`,
      [change.scope.equipmentIds, change.scope.equipmentTypeIds],
    );
    await sql.query(
      `CREATE TEMP TABLE ${changeTables.before} ON COMMIT DROP AS ${statusesAtSql(`${instant}::bigint`)}`,
    );
    const written = await write(instant);
    events += await this.#insertChanges(change, instant);
    return { written, instant, events };
  }

  /** Records the differences between the statuses kept before the write (`change_before`) and those now. */
  async #insertChanges(change: StatusChange, instant: number): Promise<number> {
    const { params, param } = sqlParameters();
    const at = param(instant, "bigint");
    const cause = param(change.cause, "text");
    const type = eventTypeSql("c.kind");
    const from = statusNameSql("c.severity_before");
    const to = statusNameSql("c.severity_at");
    const scheduleId = "nullif(c.schedule_id, '')";
    const key = param(change.key, "text");
    const inspectionId = change.cause === "inspection" ? key : "NULL::text";
    const id = eventIdSql([
      cause,
      key,
      type,
      "c.equipment_id",
      scheduleId,
      "c.account_id",
      "c.equipment_type_id",
      from,
      to,
    ]);
    const changes = statusChangesSql(at, await this.#anyBefore());
    const rows = `SELECT ${id} AS id, c.account_id, ${type} AS type, ${at} AS occurred_at, ${cause} AS cause,
              c.equipment_id, c.equipment_type_id, ${scheduleId} AS schedule_id, ${from} AS from_status,
              ${to} AS to_status, ${inspectionId} AS inspection_id, c.kind, c.removed
         FROM (${changes}) c`;
    return this.#insert(rows, params, "r.equipment_id, r.removed DESC, r.kind, r.schedule_id", "fresh");
  }

  /** Whether the `change_before` table holds any status. */
  async #anyBefore(): Promise<boolean> {
    const [row] = await this.#sql.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${changeTables.before}) AS any`,
    );
    return row!.any;
  }

  /**
   * Inserts the events of `rows` (a `SELECT` of event rows read as `r`, with `params`),
   * numbered in `order` under the clock held exclusively: see `insertEventsSql`.
   */
  async #insert(rows: string, params: unknown[], order: string, ids: "stable" | "fresh"): Promise<number> {
    const text = insertEventsSql({ rows, order, ids, exclusive: true });
    const [row] = await this.#sql.query<{ count: string }>(text, params);
    return Number(row!.count);
  }
}
