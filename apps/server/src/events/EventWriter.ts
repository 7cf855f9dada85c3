import type { EventCause } from "@wsafe/schema";
import { databaseTriggers } from "../store/database/databaseTriggers.js";
import type { Sql } from "../store/database/Sql.js";
import { type SqlParam, sqlParameters } from "../store/queries/sqlParameters.js";
import type { StoreTransaction } from "../writes/StoreTransaction.js";
import { type EquipmentChange, equipmentTransitions } from "./equipmentTransitions.js";
import { type RecordEvent, withRecordEvents } from "./recordEvents.js";

export type { RecordEvent, RecordEventType } from "./recordEvents.js";

import { advanceAccountClock, lockAccount, lockClockExclusively } from "./eventClockLocks.js";
import { type InsertEvents, insertEventsSql } from "./insertEventsSql.js";
import { captureRecordsBefore, scopedRecordRowsSql } from "./scopedRecordEvents.js";
import { type ChangeScope, captureStatusesBefore } from "./statusChangesSql.js";
import { timeTransitionOrder, timeTransitionsSql } from "./timeTransitionsSql.js";
import { type ScopedChangeRows, scopedChangeRowsSql, transitionRowsSql } from "./writtenEventRows.js";

/** What a write writes, as far as its lock goes: one account's records, or any account's. */
export interface EventWriteScope {
  /** The accounts whose records it writes (an equipment moved names both), or `all` (an import). */
  accounts: readonly string[] | "all";
  /** The write's instant (ms): its events' `occurred_at`, or the clock's when that stands later. */
  at: number;
  /**
   * A read under the writer's lock (the feed): it moves the account's clock only when
   * time events are due, so that a read which records none writes nothing.
   */
  readOnly?: boolean;
}

/** The cause of a write's events, and what makes them its own. */
export interface WriteCause {
  /** Why the statuses change: every writer but time names itself. */
  cause: Exclude<EventCause, "time">;
  /**
   * Unique to this write: with what each event is, it makes the events' ids; carried as
   * the field its cause's rule names (`eventCauseRules`: an inspection's id as `inspection_id`).
   */
  key: string;
}

/** A write of some equipment whose every row the writer's caller read: see {@link EventWriter.record}. */
export interface EquipmentWrite extends WriteCause {
  /** Each equipment it writes, as read and as written. */
  equipment: readonly EquipmentChange[];
  /** The record events of the write, numbered around its transitions by their type's order. */
  records?: readonly RecordEvent[];
}

/** A set-based write (an import): the equipment it may change, not each row. See {@link EventWriter.recordScoped}. */
export interface ScopedWrite extends WriteCause {
  scope: ChangeScope;
  /**
   * Whether its record events are recorded too: `equipment.created` or `equipment.updated`
   * for each equipment of the scope it creates or changes, `equipmentType.*` for each type
   * it names and creates or changes (`scopedRecordEvents.ts`). An import's are.
   */
  records?: boolean;
}

/** What the recorder's round did. */
export type RecordOutcome =
  | { state: "recorded"; events: number }
  | { state: "busy" }
  | { state: "up to date" };

/** The events this process's writers inserted: tests hold every write method to the writer with it. */
const tally = { inserted: 0 };

/**
 * The one writer of events: every write that changes a status (time passing, an import,
 * an inspection, the register's writes) records its events through it, in the write's
 * own transaction. A write says what it writes (the accounts, the equipment as read and as
 * written, or the scope of a set-based write); the writer does the rest, so the rules of
 * the events table hold here rather than in each handler:
 *
 * - **The lock.** One account's write holds the event clock shared and the account's lock
 *   (`eventClockLocks.ts`, migration 0009): two accounts' writes run at once, one account's
 *   one after the other, and each event's sequence is drawn under that lock, so an
 *   account's sequences follow its commit order. A write of several accounts, or of all,
 *   holds the clock exclusively: no account writer runs beside it, and it numbers a whole
 *   statement from one draw.
 * - **Time before the write.** {@link open} records the time events up to the write's
 *   instant (the account's from where they stand, or every account's), and moves the
 *   clock: within an account, instants never fall as sequences rise.
 * - **The transitions.** The writer computes them: from the equipment as read and as
 *   written, in JavaScript (`equipmentTransitions`), inserted in the same statement as the
 *   write's own changes (issue 38 measured the SQL comparison at 5.6 of an inspection's 13
 *   ms); or, for a set-based write, in SQL before and after it (`statusChangesSql`).
 * - **The outbox and the counts.** The insert fills `webhook_deliveries` and `event_counts`
 *   through the triggers named in `databaseTriggers` (`eventsOutbox`, `eventsCounted`): a
 *   server of the release before inserts events too, and relies on them.
 * - **The notification.** The statement that inserts notifies `notificationChannels.events`.
 * - **The cache.** Once the transaction committed, this server's computed events are dropped.
 *
 * @example
 * const writer = await EventWriter.open(write, { accounts: [accountId], at: now });
 * await writer.record({ cause: "inspection", key: id, equipment: [{ equipmentId, before, after }] }, writes);
 */
export class EventWriter<Row extends object = never> {
  /** The triggers the insert relies on, by their entries in `databaseTriggers`. */
  static readonly reliesOn = [databaseTriggers.eventsOutbox, databaseTriggers.eventsCounted];

  /** How many events this process's writers inserted since it started. */
  static get inserted(): number {
    return tally.inserted;
  }

  readonly #transaction: StoreTransaction;
  readonly #accounts: ReadonlySet<string> | "all";
  #cacheDropped = false;

  /** The instant the write happens at: its events' `occurred_at`. */
  readonly instant: number;
  /** The time events recorded up to {@link instant} before the write. */
  readonly timeEvents: number;
  /** The row of the caller's read, made under the lock (`undefined`: it found none). */
  readonly read: Row | undefined;

  private constructor(
    transaction: StoreTransaction,
    accounts: ReadonlySet<string> | "all",
    opened: { instant: number; timeEvents: number; read: Row | undefined },
  ) {
    this.#transaction = transaction;
    this.#accounts = accounts;
    this.instant = opened.instant;
    this.timeEvents = opened.timeEvents;
    this.read = opened.read;
  }

  /**
   * Takes the lock the write's scope needs, records the time events up to its instant and
   * answers the writer of that transaction. `read` (a `SELECT` of at most one row) runs
   * under the lock, after the clock moved: for one account, in the same statement (a
   * statement less on the inspection path).
   *
   * @param transaction - the write's transaction (the locks are held until it ends)
   * @param scope - the accounts it writes, and its instant
   * @param read - the write's first read, given the statement's parameters
   */
  static async open<Row extends object = never>(
    transaction: StoreTransaction,
    scope: EventWriteScope,
    read?: (param: SqlParam) => string,
  ): Promise<EventWriter<Row>> {
    const { sql } = transaction;
    const { accounts, at, readOnly = false } = scope;
    if (accounts !== "all" && accounts.length === 1) {
      const [accountId = ""] = accounts;
      await lockAccount(sql, accountId);
      const move = await advanceAccountClock<Row>(sql, accountId, at, read, readOnly);
      const timeEvents = move.due ? await recordAccountTime(sql, accountId, move.from, move.reached) : 0;
      return new EventWriter(transaction, new Set(accounts), {
        instant: move.reached,
        timeEvents,
        read: move.read,
      });
    }
    const clock = await lockClockExclusively(sql, false);
    if (clock === undefined) throw new Error("the event clock's row is missing: the store is not migrated");
    const instant = Math.max(at, clock.latest);
    const timeEvents = await recordStoreTime(sql, clock.recordedUntil, instant);
    const rows = read ? await readOne<Row>(sql, read) : undefined;
    return new EventWriter(transaction, accounts === "all" ? "all" : new Set(accounts), {
      instant,
      timeEvents,
      read: rows,
    });
  }

  /**
   * Records what time changed up to `now`, in one transaction of its own, unless another
   * writer holds the clock exclusively (then that one records): the recorder's round, as
   * instants pass and at start, when a server catches up on what passed while none ran.
   *
   * @param sql - the store's database (not a transaction)
   * @param now - the instant to record up to
   */
  static recordTime(sql: Sql, now: number): Promise<RecordOutcome> {
    return sql.transaction(async (tx) => {
      const clock = await lockClockExclusively(tx, true);
      if (clock === undefined) return { state: "busy" };
      if (clock.recordedUntil >= now) return { state: "up to date" };
      return { state: "recorded", events: await recordStoreTime(tx, clock.recordedUntil, now) };
    });
  }

  /**
   * Records the status transitions of a write of some equipment, computed from each as read
   * and as written (a schedule added, removed or re-dated; the equipment created, moved to
   * another type or account, or retired), as events of its cause at {@link instant}, in one
   * statement with the write's own changes.
   *
   * @param change - the cause, and each equipment before and after
   * @param writes - the write's data-modifying statements (`name AS (...)`), which see the
   *   data as it was before the statement, as the transitions were computed from
   * @returns how many events were recorded
   * @throws Error when an equipment belongs to an account the writer was not opened for
   */
  async record(
    change: EquipmentWrite,
    writes: (param: SqlParam) => readonly string[] = () => [],
  ): Promise<number> {
    const records = change.records ?? [];
    const accounts = [
      ...change.equipment.flatMap(({ before, after }) => [before?.accountId, after?.accountId]),
      ...records.map((record) => record.accountId),
    ];
    for (const account of accounts)
      if (account !== undefined && this.#accounts !== "all" && !this.#accounts.has(account))
        throw new Error(`the event writer was opened without account ${account}, which this write changes`);
    const transitions = change.equipment.flatMap((equipment) =>
      equipmentTransitions(equipment, this.instant),
    );
    const { params, param } = sqlParameters();
    const rows = transitionRowsSql(param, change, this.instant, withRecordEvents(records, transitions));
    return this.#insert({ rows, order: "r.n", ids: "fresh", writes: writes(param) }, params);
  }

  /**
   * Runs a set-based write (an import) so that every status it changes within its scope
   * is recorded as an event of its cause at {@link instant}: the statuses of the scope are
   * kept before `write` and compared after it, in SQL; with `records`, the records it
   * creates or changes too, numbered before every status transition of the write (so each
   * before the statuses it causes). Such a write spans accounts: only a writer opened for
   * `all` takes one.
   *
   * @param change - the cause, and the equipment the write may change
   * @param write - the write's statements
   * @returns what `write` answered, how many status transitions were recorded, and how
   *   many record events (0 without `records`)
   */
  async recordScoped<T>(
    change: ScopedWrite,
    write: () => Promise<T>,
  ): Promise<{ written: T; events: number; records: number }> {
    if (this.#accounts !== "all")
      throw new Error("a set-based write spans accounts: open the writer for all");
    const { sql } = this.#transaction;
    const anyBefore = await captureStatusesBefore(sql, change.scope, this.instant);
    if (change.records) await captureRecordsBefore(sql, change.scope, anyBefore);
    const written = await write();
    // The record events first: each numbered before the statuses it causes.
    let records = 0;
    if (change.records) {
      const { params, param } = sqlParameters();
      const rows = scopedRecordRowsSql(param, change, this.instant, anyBefore);
      records = await this.#insert({ rows: rows.text, order: rows.order, ids: "fresh" }, params);
    }
    const { params, param } = sqlParameters();
    const rows: ScopedChangeRows = scopedChangeRowsSql(param, change, this.instant, anyBefore);
    const events = await this.#insert({ rows: rows.text, order: rows.order, ids: "fresh" }, params);
    return { written, events, records };
  }

  /** Inserts events (see `insertEventsSql`) under the writer's lock; the write changed the store: its cache goes after commit. */
  async #insert(statement: Omit<InsertEvents, "exclusive">, params: unknown[]): Promise<number> {
    const transaction = this.#transaction;
    if (!this.#cacheDropped) {
      this.#cacheDropped = true;
      transaction.afterCommit(() => transaction.eventCache?.changed());
    }
    return insertEvents(
      transaction.sql,
      { ...statement, exclusive: this.#accounts === "all" || this.#accounts.size > 1 },
      params,
    );
  }
}

/** Runs an insert of events and answers how many it inserted, adding them to the process's tally. */
async function insertEvents(sql: Sql, statement: InsertEvents, params: unknown[]): Promise<number> {
  const text = insertEventsSql(statement);
  // An account's writer runs the same text on every write: kept prepared; an exclusive one's are one-off.
  const run = statement.exclusive ? sql.query.bind(sql) : sql.queryPrepared.bind(sql);
  const [row] = await run<{ count: string }>(text, params);
  const inserted = Number(row?.count ?? 0);
  tally.inserted += inserted;
  return inserted;
}

/** Records one account's time events in `(from, upTo]` (its clock moved there already). */
function recordAccountTime(sql: Sql, accountId: string, from: number, upTo: number): Promise<number> {
  const { params, param } = sqlParameters();
  const rows = timeTransitionsSql(param, param(from, "bigint"), param(upTo, "bigint"), { accountId });
  return insertEvents(sql, { rows, order: timeTransitionOrder, ids: "stable", exclusive: false }, params);
}

/**
 * Records every account's time events in `(recordedUntil, upTo]`, each from where its
 * account's clock stands when later than the store's (a writer recorded up to there, then
 * changed dates: what the new dates place before that is not history), moves the store's
 * clock (never back) and forgets the account clocks it passed. The clock is held exclusively.
 */
async function recordStoreTime(sql: Sql, recordedUntil: number, upTo: number): Promise<number> {
  if (upTo <= recordedUntil) return 0;
  const { params, param } = sqlParameters();
  const transitions = timeTransitionsSql(param, param(recordedUntil, "bigint"), param(upTo, "bigint"));
  const rows = `SELECT * FROM (${transitions}) t
          WHERE NOT EXISTS (SELECT 1 FROM account_event_clocks a
                             WHERE a.account_id = t.account_id AND a.recorded_until >= t.occurred_at)`;
  const recorded = await insertEvents(
    sql,
    { rows, order: timeTransitionOrder, ids: "stable", exclusive: true },
    params,
  );
  await sql.query("UPDATE event_clock SET recorded_until = $1::bigint WHERE recorded_until < $1::bigint", [
    upTo,
  ]);
  await sql.query("DELETE FROM account_event_clocks WHERE recorded_until <= $1::bigint", [upTo]);
  return recorded;
}

/** Runs a read of at most one row. */
async function readOne<Row extends object>(
  sql: Sql,
  read: (param: SqlParam) => string,
): Promise<Row | undefined> {
  const { params, param } = sqlParameters();
  const [row] = await sql.query<Row>(read(param), params);
  return row;
}
