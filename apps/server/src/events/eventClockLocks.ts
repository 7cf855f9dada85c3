import type { Sql } from "../store/database/Sql.js";
import { type SqlParam, sqlParameters } from "../store/queries/sqlParameters.js";

/**
 * The transaction-level advisory locks of event producers (migration 0009 tells the rules):
 *
 * - the **clock**, held shared by each account's writer and exclusively by a producer that
 *   records for every account (the recorder of time events, an import), so those run alone;
 * - the **exclusive producer's** turn, taken before the clock by those producers alone: a
 *   recorder that finds it taken leaves the recording to its holder, while one that finds
 *   only account writers at work waits for them (short transactions) rather than giving
 *   up, which under a steady flow of writes would put time's recording off forever;
 * - one lock per **account**, held by its writer: one account's writes run one after the
 *   other, and draw their sequences in commit order.
 *
 * Advisory rather than row locks: a row held `FOR SHARE` by many transactions at once is
 * rewritten by each (a new multixact per locker), and a held row lock is what serialised
 * every tenant until now. Two keys each, the first naming what is locked, so they meet no
 * other user of advisory locks; an account's second key is a hash of its id (two accounts
 * that share one only wait for each other, which is still correct).
 */
const clockClass = 1_702_257_001;
const accountClass = 1_702_257_002;
const exclusiveTurnClass = 1_702_257_003;

/**
 * The statement that holds the clock exclusively, waiting: the exclusive producer's turn,
 * then the clock (the select list is taken in order). Exported for tests that hold the
 * clock as an import does.
 */
export const holdClockExclusivelySql = `SELECT pg_advisory_xact_lock(${exclusiveTurnClass}, 0), pg_advisory_xact_lock(${clockClass}, 0)`;

/**
 * Takes the exclusive producer's turn, then the clock exclusively (waiting for every
 * account writer in progress to end; new ones queue behind), then reads it: the store's
 * clock, and the furthest any account's writer recorded.
 *
 * @param sql - a transaction
 * @param skipIfHeld - answer `undefined` at once when another exclusive producer is at work
 */
export async function lockClockExclusively(
  sql: Sql,
  skipIfHeld: boolean,
): Promise<{ recordedUntil: number; latest: number } | undefined> {
  if (skipIfHeld) {
    const [turn] = await sql.query<{ taken: boolean }>(
      `SELECT pg_try_advisory_xact_lock(${exclusiveTurnClass}, 0) AS taken`,
    );
    if (!turn!.taken) return undefined;
    await sql.query(`SELECT pg_advisory_xact_lock(${clockClass}, 0)`);
  } else await sql.query(holdClockExclusivelySql);
  // Read after the lock, in a statement of its own (a later snapshot), and the row
  // locked too: a server of a version before 0009 takes this row's lock and nothing else.
  const rows = await sql.query<{ recorded_until: string; latest: string }>(
    `SELECT c.recorded_until::text,
            greatest(c.recorded_until, (SELECT max(recorded_until) FROM account_event_clocks))::text AS latest
       FROM event_clock c FOR UPDATE OF c${skipIfHeld ? " SKIP LOCKED" : ""}`,
  );
  const row = rows[0];
  return row && { recordedUntil: Number(row.recorded_until), latest: Number(row.latest) };
}

/**
 * Takes the clock shared and the account's lock, waiting for an exclusive holder of the
 * clock and for the account's writer in progress.
 *
 * @param sql - a transaction
 * @param accountId - the account written
 */
export async function lockAccount(sql: Sql, accountId: string): Promise<void> {
  // Clock first, then account, in every transaction: no two wait for each other.
  await sql.queryPrepared(
    `SELECT pg_advisory_xact_lock_shared(${clockClass}, 0), pg_advisory_xact_lock(${accountClass}, hashtext($1))`,
    [accountId],
  );
}

/** Where an account's time events stood, where they now are, and whether time changed anything between. */
export interface AccountClockMove<Row> {
  /** How far they were recorded: the store's clock, or the account's own when later (ms). */
  from: number;
  /** Where they are recorded to now: `upTo`, or `from` when later (ms). */
  reached: number;
  /** Whether a schedule of the account has a date in `(from, reached]`. */
  due: boolean;
  /** The row of the writer's read, made in the same statement; `undefined` when it found none. */
  read: Row | undefined;
}

/**
 * Moves the account's clock to `upTo` (never back), under its lock, in one statement run
 * after the lock's (a later snapshot: a recorder that committed while this writer waited
 * is seen), and answers where it stood and whether any of the account's schedules has a
 * date in between: when none has, time changed no status of the account there, and its
 * writer skips the statement that would compute the transitions (its plan alone cost
 * more than the two index probes).
 *
 * The writer's own first read rides in the same statement (`read`, at most one row, its
 * columns named apart from `clock_*`): it needs the same later snapshot, and a statement
 * less is a plan and a round trip less (issue 38: 1.1 to 1.5 ms a statement, loaded).
 *
 * @param sql - the writer's transaction, holding {@link lockAccount}
 * @param accountId - the account
 * @param upTo - the instant to record to (ms)
 * @param read - the writer's read: a `SELECT` of at most one row, given the statement's
 *   parameters to add its own to
 * @param onlyWhenDue - a reader's move (the feed): the clock moves only when a date is due
 *   in between. Nothing was due, and every writer moves the clock before it writes, so
 *   the next writer judges the same span again and finds the same; a read that records
 *   no time then writes nothing, and a store only read stays as it was.
 */
export async function advanceAccountClock<Row extends object = never>(
  sql: Sql,
  accountId: string,
  upTo: number,
  read?: (param: SqlParam) => string,
  onlyWhenDue = false,
): Promise<AccountClockMove<Row>> {
  const { params, param } = sqlParameters();
  const account = param(accountId, "text");
  const dated = (column: string) =>
    `EXISTS (SELECT 1 FROM schedules s JOIN equipments e ON e.id = s.equipment_id
              WHERE s.${column} > w.from_at AND s.${column} <= w.reached AND e.account_id = ${account})`;
  const clock = `WITH w AS (
       SELECT s.from_at, greatest(s.from_at, ${param(upTo, "bigint")}) AS reached
         FROM (SELECT greatest(c.recorded_until,
                               (SELECT a.recorded_until FROM account_event_clocks a WHERE a.account_id = ${account})) AS from_at
                 FROM event_clock c) s
     ), d AS (
       SELECT w.from_at, w.reached, ${dated("expiring_on")} OR ${dated("expires_on")} AS due FROM w
     ), moved AS (
       INSERT INTO account_event_clocks (account_id, recorded_until)
       SELECT ${account}, d.reached FROM d${onlyWhenDue ? " WHERE d.due" : ""}
       ON CONFLICT (account_id) DO UPDATE SET recorded_until = excluded.recorded_until
        WHERE account_event_clocks.recorded_until < excluded.recorded_until
     )
     SELECT d.from_at::text AS clock_from, d.reached::text AS clock_reached, d.due AS clock_due${read ? ", r.*" : ""}
       FROM d${read ? ` LEFT JOIN (SELECT true AS clock_read, x.* FROM (${read(param)}) x) r ON true` : ""}`;
  const [row] = await sql.queryPrepared<
    { clock_from: string; clock_reached: string; clock_due: boolean; clock_read?: true | null } & Row
  >(clock, params);
  const { clock_from, clock_reached, clock_due, clock_read, ...rest } = row!;
  return {
    from: Number(clock_from),
    reached: Number(clock_reached),
    due: clock_due,
    read: clock_read ? (rest as unknown as Row) : undefined,
  };
}
