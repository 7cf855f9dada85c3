import { EventWriter } from "../events/EventWriter.js";
import type { Sql } from "../store/database/Sql.js";
import { sqlParameters } from "../store/queries/sqlParameters.js";
import { runStoreTransaction, type StaleableCache } from "../writes/StoreTransaction.js";
import { type ChangesPageInput, type ChangesPageRow, changesPageSql } from "./changesPageSql.js";

/** What a page of the feed asks for: the account, where to go on, how many. */
export type ChangesRequest = Omit<ChangesPageInput, "instant"> & {
  /** The request's instant (ms). */
  now: number;
};

/** One page of the feed, read complete at its instant. */
export interface ChangesPage {
  /** The `changes` as a JSON array text. */
  json: string;
  /** The `change_seq` of the last entry, as text; null when the page is empty. */
  last: string | null;
  /** Whether more changes follow. */
  more: boolean;
  /** The answer's instant: statuses are computed at it, and time is recorded up to it. */
  instant: number;
}

/**
 * Reads one page of the account's feed so that it misses nothing, then or later:
 *
 * - **Under the account's event lock.** `change_seq` is drawn when a row changes, not when
 *   its transaction commits; the account's writers hold its lock (`eventClockLocks.ts`)
 *   from before they draw to their commit, and imports and the recorder hold the clock
 *   exclusively, so with the lock held no writer of the account is in flight, and a page
 *   read after it sees every change drawn before its last one. A later change draws a
 *   later number.
 * - **Time recorded first.** Opening the account's event writer records the time events
 *   up to the request's instant, whose trigger (migration 0015) gives each equipment whose
 *   status changed with time a new `change_seq`: the page holds every status change up to
 *   its instant, and its live records are rendered at that instant. When no date is due,
 *   the clock stays where it was (`readOnly`): a feed read alone writes nothing.
 *
 * The page's read rides in the writer's clock statement (one statement less, issue 38's
 * reason), made at the request's instant; when recording time changed anything, or the
 * account's clock stood later than the request, it is read again after, at the writer's
 * instant.
 *
 * @param sql - the store's database (not a transaction)
 * @param request - the account, the position, the page's size and the request's instant
 * @param eventCache - this server's cache of computed events, passed to the writer
 * @example
 * const page = await readChanges(store.sql, { accountId, after: "0", limit: 100, now }, events);
 */
export function readChanges(
  sql: Sql,
  request: ChangesRequest,
  eventCache?: StaleableCache,
): Promise<ChangesPage> {
  const { now, ...position } = request;
  return runStoreTransaction(
    sql,
    async (transaction) => {
      const writer = await EventWriter.open<ChangesPageRow>(
        transaction,
        { accounts: [request.accountId], at: now, readOnly: true },
        (param) => changesPageSql(param, { ...position, instant: now }),
      );
      const instant = writer.instant;
      const row =
        writer.timeEvents === 0 && instant === now
          ? writer.read
          : await readPage(transaction.sql, { ...position, instant });
      if (!row) throw new Error("the feed's page statement answered no row");
      return { json: row.feed_json, last: row.feed_last, more: row.feed_more, instant };
    },
    eventCache,
  );
}

/** Runs the page's statement on its own. */
async function readPage(sql: Sql, input: ChangesPageInput): Promise<ChangesPageRow | undefined> {
  const { params, param } = sqlParameters();
  const [row] = await sql.queryPrepared<ChangesPageRow>(changesPageSql(param, input), params);
  return row;
}
