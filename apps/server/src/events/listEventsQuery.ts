import type { EventType } from "@wsafe/schema";
import { sqlParameters } from "../store/queries/sqlParameters.js";
import { type EventRow, eventRowColumnList, eventRowSelect } from "./eventRowSql.js";
import { timeTransitionsSql } from "./timeTransitionsSql.js";
import { typesWanted } from "./typesWanted.js";

export type { EventRow };

/** What `events.list` asks of the store, after its parameters were checked. */
export interface ListEventsInput {
  accountId: string;
  /** The window, both ends included (ms). */
  from: number;
  to: number;
  equipmentTypeId?: string | undefined;
  /** Only these types; empty: both. */
  types: readonly EventType[];
  /** After the event with this key (`occurred_at` as text, `id`), or from the start. */
  after: readonly [occurredAt: string, id: string] | undefined;
  /** Rows to read: one more than the page, to know whether another follows. */
  rows: number;
  /**
   * The last instant to compute transitions up to on this read (the window's end when
   * absent): a page needs the transitions of its first instants only, and computing the
   * whole rest of a long window for each page made a walk quadratic.
   */
  computeUpTo?: number | undefined;
  /**
   * The instant after which (excluded) transitions are computed, instead of from the
   * page key's instant on: a page continuing a kept run of computed events
   * (`ComputedEventsCache`) starts after the run's last instant. Only when the run's
   * instants all lie after the event clock (what is recorded is then all before them).
   */
  computeAfter?: number | undefined;
  /**
   * Also answer the computed events after the page, up to the last instant computed, as
   * rows with `run` true after the page's: the next page starts from them.
   */
  withRun?: boolean | undefined;
}

/**
 * Where the computed transitions of a read start (excluded): after the account's event
 * clock (the store's, or the account's own when later: what is recorded is read, not
 * computed), after the window's start, and after `after`: the instant before the page
 * key's (its instant may hold more events after its id), or a kept run's last instant.
 *
 * @param account - SQL of the account's id
 * @param from - SQL of the window's start
 * @param after - SQL of the instant after which to compute, if any
 */
export const computedStartSql = (account: string, from: string, after: string | undefined) =>
  `greatest((SELECT recorded_until FROM event_clock),
            (SELECT recorded_until FROM account_event_clocks WHERE account_id = ${account}),
            ${from} - 1${after ? `, ${after}` : ""})`;

/** SQL of the instant after which a read computes (see {@link computedStartSql}). */
function computeAfterSql(input: ListEventsInput, param: (value: unknown, type: string) => string) {
  if (input.computeAfter !== undefined) return param(input.computeAfter, "bigint");
  return input.after && `(${param(input.after[0], "bigint")} - 1)`;
}

/**
 * The statement of how far the event clocks have recorded for an account: a kept run
 * serves only instants after it.
 *
 * @param accountId - the account
 */
export function recordedUntilQuery(accountId: string): { text: string; params: unknown[] } {
  return {
    text: `SELECT greatest((SELECT recorded_until FROM event_clock),
                   (SELECT recorded_until FROM account_event_clocks WHERE account_id = $1::text))::text AS recorded_until`,
    params: [accountId],
  };
}

/**
 * The statement of the instant by which the computed part of a read holds enough: the
 * `count`-th schedule date after its start (each date is at most two events), read in
 * order from the dates' indexes, or null when fewer are left before the window's end.
 *
 * @param input - the read
 * @param count - how many dates
 */
export function computeBoundQuery(
  input: ListEventsInput,
  count: number,
): { text: string; params: unknown[] } {
  const { params, param } = sqlParameters();
  // Dates after the page key's instant: those at it gave the events the walk already has
  // (the read computes that instant again whatever the bound, for the rest of its events).
  // A read continuing a kept run counts from the run's last instant.
  const start = computedStartSql(
    param(input.accountId, "text"),
    param(input.from, "bigint"),
    input.computeAfter !== undefined
      ? param(input.computeAfter, "bigint")
      : input.after && param(input.after[0], "bigint"),
  );
  const to = param(input.to, "bigint");
  const n = param(count, "integer");
  const dates = (column: string) =>
    `(SELECT ${column} AS at FROM schedules WHERE ${column} > ${start} AND ${column} <= ${to} ORDER BY ${column} LIMIT ${n})`;
  const text = `SELECT CASE WHEN count(*) < ${n} THEN NULL ELSE max(at) END::text AS up_to
  FROM (SELECT at FROM (${dates("expiring_on")} UNION ALL ${dates("expires_on")}) d ORDER BY at LIMIT ${n}) nearest`;
  return { text, params };
}

/**
 * Builds the one statement of a page of `events.list`: the recorded events of the window
 * up to the event clock, then the transitions after the clock computed from the data as it
 * stands (those time has not recorded yet, and the expected ones after now), merged in
 * (`occurred_at`, `id`) order after the page's key. One statement, so the clock and both
 * parts are read from one snapshot: a recorder committing meanwhile can neither repeat an
 * event nor hide one. Recorded events all lie at or before the clock, computed ones after it.
 *
 * @param input - the checked request
 */
export function listEventsQuery(input: ListEventsInput): { text: string; params: unknown[] } {
  const { params, param } = sqlParameters();
  const account = param(input.accountId, "text");
  const from = param(input.from, "bigint");
  const to = param(input.to, "bigint");
  const rows = param(input.rows, "integer");
  const type = input.equipmentTypeId === undefined ? undefined : param(input.equipmentTypeId, "text");
  const types = param(typesWanted(input.types), "text[]");
  const after = input.after && { at: param(input.after[0], "bigint"), id: param(input.after[1], "text") };
  const where = (alias: string) =>
    [
      ` AND ${alias}.type = ANY(${types})`,
      after ? ` AND (${alias}.occurred_at, ${alias}.id) > (${after.at}, ${after.id})` : "",
    ].join("");
  const start = computedStartSql(account, from, computeAfterSql(input, param));
  const upTo = input.computeUpTo === undefined ? to : `least(${to}, ${param(input.computeUpTo, "bigint")})`;
  const computed = timeTransitionsSql(
    param,
    start,
    upTo,
    { accountId: input.accountId, equipmentTypeId: input.equipmentTypeId },
    true,
  );
  const recordedSql = `SELECT ${eventRowColumnList()}, sequence
    FROM events r
   WHERE r.account_id = ${account} AND r.occurred_at >= ${from} AND r.occurred_at <= ${to}
     ${type ? `AND r.equipment_type_id = ${type}` : ""}${where("r")}
   ORDER BY r.occurred_at, r.id
   LIMIT ${rows}`;
  const text = `WITH recorded AS (
  ${recordedSql}
), computed AS (
  SELECT ${eventRowColumnList()}, NULL::bigint AS sequence
    FROM (${computed}) c
   WHERE true${where("c")}
   ORDER BY c.occurred_at, c.id
   LIMIT ${rows}
)
SELECT ${eventRowSelect()}
  FROM (SELECT * FROM recorded UNION ALL SELECT * FROM computed) u
 ORDER BY u.occurred_at, u.id
 LIMIT ${rows}`;
  if (input.withRun) return { text: withRunSql(recordedSql, computed, where("c"), rows), params };
  return { text, params };
}

/**
 * The page statement with its run (`withRun`): the computed events are computed once
 * (`MATERIALIZED`), the page takes its rows from them and the recorded ones as without a
 * run, and every computed event after the page's last follows it, `run` true. Nothing is
 * computed that the page alone did not compute: the page's ordering already needed
 * every transition of its window.
 */
function withRunSql(recorded: string, computed: string, computedWhere: string, rows: string): string {
  return `WITH recorded AS (
  ${recorded}
), computed_all AS MATERIALIZED (
  SELECT ${eventRowColumnList()}, NULL::bigint AS sequence
    FROM (${computed}) c
   WHERE true${computedWhere}
), page AS (
  SELECT * FROM (SELECT * FROM recorded
                 UNION ALL
                 (SELECT * FROM computed_all c ORDER BY c.occurred_at, c.id LIMIT ${rows})) u
   ORDER BY u.occurred_at, u.id
   LIMIT ${rows}
), last AS (
  SELECT occurred_at, id FROM page ORDER BY occurred_at DESC, id DESC LIMIT 1
)
SELECT ${eventRowSelect()}, run
  FROM (SELECT *, false AS run FROM page
        UNION ALL
        SELECT c.*, true AS run FROM computed_all c, last
         WHERE (c.occurred_at, c.id) > (last.occurred_at, last.id)) u
 ORDER BY u.run, u.occurred_at, u.id`;
}
