import type { EventCause } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import { sqlParameters } from "../store/queries/sqlParameters.js";
import { eventColumnList, eventIdSql, eventTypeSql, sequenceSql, statusNameSql } from "./eventRowSql.js";
import { changeTables, statusChangesSql, statusesAtSql } from "./statusChangesSql.js";
import { timeTransitionsSql } from "./timeTransitionsSql.js";

/** The notification channel on which a commit that recorded events says so. */
export const eventsChannel = "wsafe_events";

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
 * The one producer of events: every writer of the store that changes a status (time
 * passing, an import, a recorded inspection) records its events through it, in its own
 * transaction, so that the rules of the events table hold in code rather than in comments:
 *
 * - **The clock.** A producer exists only once its transaction holds the row lock of
 *   `event_clock` ({@link EventProducer.hold}), kept to the commit. Every statement that
 *   inserts events numbers them on from the largest sequence under that lock, so sequences
 *   follow commit order and a reader who has seen sequence n has seen all below it
 *   (migration 0004).
 * - **The outbox.** Inserting events fills the webhook outbox in the same statement: the
 *   trigger `events_enqueue_deliveries` (migration 0005, with the event's sequence since
 *   0007) adds a row to
 *   `webhook_deliveries` for each endpoint that wants each event. An event is thus never
 *   committed without its deliveries, and a write rolled back leaves neither.
 * - **The counts.** The same statement adds what it inserted, by type and cause, to
 *   `event_counts` (the trigger `events_count_recorded`, migration 0006), which
 *   `wsafe_events_recorded_total` reports whichever process recorded them.
 * - **The feed.** A commit that recorded events notifies {@link eventsChannel}, which
 *   wakes every server's stream feed and delivery loop.
 */
export class EventProducer {
  readonly #sql: Sql;
  #recordedUntil: number;

  private constructor(sql: Sql, recordedUntil: number) {
    this.#sql = sql;
    this.#recordedUntil = recordedUntil;
  }

  /**
   * Takes the event clock's lock in the caller's transaction, waiting for another
   * transaction that holds it, and answers the producer of that transaction.
   *
   * @param sql - a transaction (the lock is held until it ends)
   */
  static async hold(sql: Sql): Promise<EventProducer> {
    return (await EventProducer.#lock(sql, false))!;
  }

  /**
   * {@link hold}, unless another transaction holds the clock: then `undefined` at once
   * (that one is recording).
   *
   * @param sql - a transaction
   */
  static holdUnlessBusy(sql: Sql): Promise<EventProducer | undefined> {
    return EventProducer.#lock(sql, true);
  }

  static async #lock(sql: Sql, skipIfHeld: boolean): Promise<EventProducer | undefined> {
    const rows = await sql.query<{ recorded_until: string }>(
      `SELECT recorded_until::text FROM event_clock FOR UPDATE${skipIfHeld ? " SKIP LOCKED" : ""}`,
    );
    return rows[0] === undefined ? undefined : new EventProducer(sql, Number(rows[0].recorded_until));
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
    const recorded = await this.#insert(
      transitions,
      params,
      "r.occurred_at, r.equipment_id, r.kind, r.schedule_id",
      "stable",
    );
    await this.#sql.query(
      "UPDATE event_clock SET recorded_until = $1::bigint WHERE recorded_until < $1::bigint",
      [upTo],
    );
    this.#recordedUntil = upTo;
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
    const instant = Math.max(change.at, this.#recordedUntil);
    let events = await this.recordTime(instant);
    const sql = this.#sql;
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

  /** Records the differences between the statuses kept before the write and those now. */
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
    const [before] = await this.#sql.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${changeTables.before}) AS any`,
    );
    const rows = `SELECT ${id} AS id, c.account_id, ${type} AS type, ${at} AS occurred_at, ${cause} AS cause,
              c.equipment_id, c.equipment_type_id, ${scheduleId} AS schedule_id, ${from} AS from_status,
              ${to} AS to_status, ${inspectionId} AS inspection_id, c.kind, c.removed
         FROM (${statusChangesSql(at, before!.any)}) c`;
    return this.#insert(rows, params, "r.equipment_id, r.removed DESC, r.kind, r.schedule_id", "fresh");
  }

  /**
   * The one statement that inserts events: the rows of `rows` (the columns of
   * `eventColumns`, and those `order` names), numbered on from the largest sequence in
   * `order` (see `sequenceSql`), under the clock's lock this producer holds. The insert
   * fills the webhook outbox (trigger `events_enqueue_deliveries`), and a commit after it
   * notifies {@link eventsChannel}. Counted where they are inserted: returning every row
   * would send them all back to the server process.
   *
   * @param rows - a `SELECT` of event rows, read as `r`
   * @param params - its parameters
   * @param order - the sequence's ORDER BY list, over `r`
   * @param ids - `stable`: ids derived from what the event is, which may be recorded
   *   already (left as it is); `fresh`: ids of this write alone, which cannot be, inserted
   *   without the conflict check (dropping it was part of what made an import's events
   *   three times cheaper, see cf92673)
   */
  async #insert(rows: string, params: unknown[], order: string, ids: "stable" | "fresh"): Promise<number> {
    const [row] = await this.#sql.query<{ count: string }>(
      `WITH inserted AS (
         INSERT INTO events (${eventColumnList()}, sequence)
         SELECT ${eventColumnList("r")}, ${sequenceSql(order)}
           FROM (${rows}) r
         ${ids === "stable" ? "ON CONFLICT (id) DO NOTHING" : ""}
         RETURNING 1
       )
       SELECT count(*)::text AS count FROM inserted`,
      params,
    );
    const count = Number(row!.count);
    if (count > 0) await this.#sql.query(`SELECT pg_notify('${eventsChannel}', '')`);
    return count;
  }
}
