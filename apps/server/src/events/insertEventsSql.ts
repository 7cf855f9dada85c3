import { notificationChannels } from "../store/database/notificationChannels.js";
import { eventColumnList } from "./eventRowSql.js";

/** The sequence events are numbered from (migration 0009). */
const eventsSequence = "'events_sequence'";

/**
 * The `sequence` of each event a statement of an exclusive producer inserts (the clock
 * held exclusively: no other producer numbers meanwhile), as SQL: one draw from
 * `events_sequence` for the whole statement, then the rows in the given order (per
 * equipment: instant, then a schedule's transition before its equipment's). The draw is
 * an init plan, made when the first row is: a statement that inserts nothing draws
 * nothing. The statement then moves the sequence past the block (`setval`).
 *
 * @param order - the window's ORDER BY list
 */
const blockSequenceSql = (order: string) =>
  `(SELECT nextval(${eventsSequence}) - 1) + row_number() OVER (ORDER BY ${order})`;

/** An insert of events: see {@link insertEventsSql}. */
export interface InsertEvents {
  rows: string;
  order: string;
  ids: "stable" | "fresh";
  exclusive: boolean;
  writes?: readonly string[] | undefined;
}

/**
 * The statement that inserts events: the rows of `rows` (the columns of `eventColumns`,
 * and those `order` names), numbered in `order`. An account's producer draws each
 * sequence from `events_sequence` over rows already sorted (the target list of a sorted
 * subquery is computed in its order): other accounts draw at the same time, so a block is
 * not this statement's to take. An exclusive producer numbers a block. The insert fills
 * the webhook outbox (trigger `events_enqueue_deliveries`), and the same statement
 * notifies the events' channel (`notificationChannels.events`, sent at the commit) when it inserted any. It answers one row:
 * `count`, the events inserted (counted where they are: returning every row would send
 * them all back to the server process).
 *
 * @param statement - `rows`, a `SELECT` of event rows read as `r`; `order`, the
 *   sequence's ORDER BY list over `r`; `ids`: `stable` ids (derived from what the event
 *   is, which may be recorded already: left as it is) or `fresh` ones (of this write
 *   alone, inserted without the conflict check, which was part of what made an import's
 *   events three times cheaper, see cf92673); `exclusive`, whether the clock is held
 *   exclusively; `writes`, the writer's own
 *   data-modifying statements (`name AS (UPDATE ...)`) run in the same statement, before
 *   the events in the WITH list: all of one statement see one snapshot, so none may read
 *   what another writes (an account's writer computes its events beforehand, from rows it
 *   read: issue 38 merged an inspection's four writes into one statement)
 */
export function insertEventsSql(statement: InsertEvents): string {
  const { rows, order, ids, exclusive, writes = [] } = statement;
  const source = exclusive
    ? `SELECT ${eventColumnList("r")}, ${blockSequenceSql(order)} FROM (${rows}) r`
    : `SELECT ${eventColumnList("r")}, nextval(${eventsSequence}) FROM (SELECT * FROM (${rows}) r ORDER BY ${order}) r`;
  return `WITH ${writes.map((write) => `${write},\n`).join("")}inserted AS (
    INSERT INTO events (${eventColumnList()}, sequence)
    ${source}
    ${ids === "stable" ? "ON CONFLICT (id) DO NOTHING" : ""}
    RETURNING sequence
  )
  SELECT count(*)::text AS count,
         CASE WHEN count(*) > 0 THEN pg_notify('${notificationChannels.events.name}', '')::text END AS notified
         ${exclusive ? `, CASE WHEN max(sequence) IS NOT NULL THEN setval(${eventsSequence}, max(sequence)) END::text AS numbered` : ""}
    FROM inserted`;
}
