import type { EventCause } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import { type SqlParam, sqlParameters } from "../store/queries/sqlParameters.js";
import { advanceAccountClock, lockAccount } from "./eventClockLocks.js";
import { eventIdSql, eventTypeSql } from "./eventRowSql.js";
import { insertEventsSql } from "./insertEventsSql.js";
import type { StatusTransition } from "./statusTransitions.js";
import { timeTransitionOrder, timeTransitionsSql } from "./timeTransitionsSql.js";

/** One account's write of one equipment, whose status changes the writer computed. */
export interface AccountChange {
  /** Why the statuses change. */
  cause: Exclude<EventCause, "time">;
  /**
   * Unique to this write: with what each event is, it makes the events' ids. For an
   * inspection, its id, which its events carry as `inspection_id`.
   */
  key: string;
  /** The equipment written, and its type. */
  equipment: { id: string; equipmentTypeId: string };
  /** What changed, in numbering order (see `statusTransitions`). */
  transitions: readonly StatusTransition[];
}

/**
 * The event producer of one account's writer (an inspection), under the rules that
 * `EventProducer` states for every producer: it exists once its transaction holds the
 * event clock shared and the account's lock (`eventClockLocks.ts`, migration 0009), so
 * writes of two accounts run at once and one account's one after the other, and it draws
 * each event's sequence from `events_sequence` under that lock (the account's sequences
 * follow its commit order). Time first: {@link recordTime} records the account's time
 * events up to the write's instant and moves the account's clock; then
 * {@link recordChange} records the write's own events at that instant, in the statement
 * that writes. Inserting events fills the webhook outbox and `event_counts` (the triggers
 * of `events`) and notifies `notificationChannels.events` at the commit.
 *
 * Unlike an import, an account's writer knows every row its write changes (one
 * equipment's schedules, read under the lock): it computes the statuses before and after
 * in JavaScript by the schema's rules, and the events go in with its own writes. Issue 38
 * measured the former way (statuses read in SQL before and after, compared with a FULL
 * JOIN) at 5.6 of an inspection's 13 ms on PGlite.
 */
export class AccountEventProducer {
  readonly #sql: Sql;
  readonly #accountId: string;
  /** The instant the account's time is recorded to, once {@link recordTime} ran. */
  #instant: number | undefined;

  private constructor(sql: Sql, accountId: string) {
    this.#sql = sql;
    this.#accountId = accountId;
  }

  /**
   * Holds the event clock shared and the account's lock in the caller's transaction
   * (waiting for an exclusive producer, and for the account's writer in progress), and
   * answers the producer of that transaction for that account alone: every change it
   * records must be of that account's equipment.
   *
   * @param sql - a transaction (the locks are held until it ends)
   * @param accountId - the account written
   */
  static async hold(sql: Sql, accountId: string): Promise<AccountEventProducer> {
    await lockAccount(sql, accountId);
    return new AccountEventProducer(sql, accountId);
  }

  /**
   * Records every transition that time makes to the account's statuses from where its
   * time events stand (the store's clock, or the account's own when later) up to `upTo`,
   * each at its true instant, from the data as it stands, and moves the account's clock
   * there (never back). The writer's first read runs in the same statement as the clock's
   * move (see `advanceAccountClock`); time's transitions, when the window holds a date,
   * in one more.
   *
   * @param upTo - the write's instant (ms)
   * @param read - the writer's read, at most one row, given the statement's parameters
   * @returns the instant the write happens at (`upTo`, or later when time stands later),
   *   how many events time made, and the read's row
   */
  async recordTime<Row extends object = never>(
    upTo: number,
    read?: (param: SqlParam) => string,
  ): Promise<{ instant: number; events: number; read: Row | undefined }> {
    const move = await advanceAccountClock<Row>(this.#sql, this.#accountId, upTo, read);
    let events = 0;
    if (move.due) {
      const { params, param } = sqlParameters();
      const rows = timeTransitionsSql(param, param(move.from, "bigint"), param(move.reached, "bigint"), {
        accountId: this.#accountId,
      });
      events = await this.#insert({ rows, order: timeTransitionOrder, ids: "stable" }, params);
    }
    this.#instant = move.reached;
    return { instant: move.reached, events, read: move.read };
  }

  /**
   * Records a write's status changes as events of its cause at the instant
   * {@link recordTime} answered, in one statement with the writer's own writes (`writes`:
   * data-modifying statements `name AS (...)`, which see the data as it was before the
   * statement, as the events were computed from).
   *
   * @param change - the write and what it changes
   * @param writes - the writer's statements, given the statement's parameters to add its own to
   * @returns how many events were recorded
   * @throws Error before {@link recordTime}: time is recorded up to the write first
   */
  async recordChange(change: AccountChange, writes: (param: SqlParam) => readonly string[]): Promise<number> {
    const instant = this.#instant;
    if (instant === undefined) throw new Error("record the account's time (recordTime) before its change");
    const { params, param } = sqlParameters();
    const at = param(instant, "bigint");
    const cause = param(change.cause, "text");
    const key = param(change.key, "text");
    const account = param(this.#accountId, "text");
    const equipment = param(change.equipment.id, "text");
    const equipmentType = param(change.equipment.equipmentTypeId, "text");
    const type = eventTypeSql("c.kind");
    const scheduleId = "nullif(c.schedule_id, '')";
    const id = eventIdSql([
      cause,
      key,
      type,
      equipment,
      scheduleId,
      account,
      equipmentType,
      "c.from_status",
      "c.to_status",
    ]);
    const { transitions } = change;
    const rows = `SELECT ${id} AS id, ${account} AS account_id, ${type} AS type, ${at} AS occurred_at,
              ${cause} AS cause, ${equipment} AS equipment_id, ${equipmentType} AS equipment_type_id,
              ${scheduleId} AS schedule_id, c.from_status, c.to_status,
              ${change.cause === "inspection" ? key : "NULL::text"} AS inspection_id, c.n
         FROM unnest(${param(
           transitions.map((t) => t.kind),
           "integer[]",
         )}, ${param(
           transitions.map((t) => t.schedule_id),
           "text[]",
         )}, ${param(
           transitions.map((t) => t.from),
           "text[]",
         )}, ${param(
           transitions.map((t) => t.to),
           "text[]",
         )}) WITH ORDINALITY AS c (kind, schedule_id, from_status, to_status, n)`;
    return this.#insert({ rows, order: "r.n", ids: "fresh", writes: writes(param) }, params);
  }

  /** Inserts events (see `insertEventsSql`), drawing each sequence under the account's lock. */
  async #insert(
    statement: { rows: string; order: string; ids: "stable" | "fresh"; writes?: readonly string[] },
    params: unknown[],
  ): Promise<number> {
    const text = insertEventsSql({ ...statement, exclusive: false });
    const [row] = await this.#sql.queryPrepared<{ count: string }>(text, params);
    return Number(row!.count);
  }
}
