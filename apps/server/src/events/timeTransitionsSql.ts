import type { EventType } from "@wsafe/schema";
import { scheduleSeveritySql } from "../store/queries/equipmentRecordSql.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import { eventIdSql, statusNameSql, timeCause } from "./eventRowSql.js";
import { eventTypeOrder } from "./eventTypes.js";

/** Whose transitions a statement computes: an account's (and one type's), or everyone's. */
export interface TransitionScope {
  accountId?: string | undefined;
  equipmentTypeId?: string | undefined;
}

/**
 * The statement (a `SELECT` of event rows, see `eventColumns`, plus `type_order`, see
 * `eventTypeOrder`) of every status transition that time alone makes in the window
 * `(after, upTo]`, as the data stands.
 *
 * A schedule's status changes only where the instant reaches one of its dates, so the
 * candidates are the schedules whose `expiringOn` or `expiresOn` lies in the window,
 * found through their indexes (never a scan of every schedule). Instants are integer
 * milliseconds, so the status just before a date `t` is the status at `t - 1`: a
 * transition at `t` is a status at `t - 1` that differs from the status at `t`, both by
 * the schema's rules (`scheduleSeveritySql`). An equipment's transition is the same test
 * on the most severe status of all its schedules, at every date of any of them.
 *
 * Each (equipment, date) reads the equipment's schedules once, and both tests are made on
 * that one read: a schedule's status can only change at one of its own dates, so the
 * schedules whose statuses differ there are exactly its transitions. (The statement read
 * each date's schedule again, and then all the equipment's schedules: `EXPLAIN ANALYZE` of
 * a page of expected events at 100 000 equipment on PostgreSQL, 13 ms finding the dates,
 * 16 re-reading each schedule, 16 reading the equipment's; issue 38.) With `fewDates` the
 * schedules are read by key too: the planner, expecting a page's 3 000 dates, hashed all
 * 300 000 schedules (132 of 230 ms).
 *
 * @param param - adds a parameter (the scope's ids)
 * @param after - SQL of the window's start, excluded (ms)
 * @param upTo - SQL of the window's end, included (ms)
 * @param scope - whose equipment
 * @param fewDates - the window holds a page's worth of dates (`events.list`): each date's
 *   equipment is read by its key. Otherwise the planner picks the join, and for a page it
 *   hashed every equipment of the store, not knowing the window's start (read from the
 *   clock in the statement) when it plans. `EXPLAIN ANALYZE` at 100 000 equipment on
 *   PostgreSQL: a page of expected events 179 ms, 142 of them hashing the equipment, now
 *   61 ms (1 305 probes); a page of recorded events, with nothing to compute, 65 ms, now
 *   1 ms. The recorder's windows are bounded by constants the planner sees, and for its
 *   catch-ups the hash does as well or better (30 days of the same store, computed: by key
 *   2.7-3.1 s on PGlite and 1.0-1.1 s on PostgreSQL, by hash 2.4-3.1 s and 0.8-1.1 s).
 */
export function timeTransitionsSql(
  param: SqlParam,
  after: string,
  upTo: string,
  scope: TransitionScope = {},
  fewDates = false,
) {
  const filters = [
    scope.accountId === undefined ? "" : ` AND e.account_id = ${param(scope.accountId, "text")}`,
    scope.equipmentTypeId === undefined
      ? ""
      : ` AND e.equipment_type_id = ${param(scope.equipmentTypeId, "text")}`,
  ].join("");
  // OFFSET 0 keeps each subquery from being merged into the join, so it stays a probe per date.
  const byKey =
    "CROSS JOIN LATERAL (SELECT account_id, equipment_type_id FROM equipments WHERE id = b.equipment_id OFFSET 0) e";
  const schedulesByKey =
    "CROSS JOIN LATERAL (SELECT * FROM schedules WHERE equipment_id = l.equipment_id OFFSET 0) s";
  const before = scheduleSeveritySql("(l.at - 1)");
  const at = scheduleSeveritySql("l.at");
  // The bounds stand in each condition itself (a subquery in them is an init plan, run
  // once), so that each is an index range condition on the date.
  return `WITH moment AS (
  SELECT s.equipment_id, s.expiring_on AS at
    FROM schedules s WHERE s.expiring_on > ${after} AND s.expiring_on <= ${upTo}
  UNION
  SELECT s.equipment_id, s.expires_on
    FROM schedules s WHERE s.expires_on > ${after} AND s.expires_on <= ${upTo}
), located AS (
  SELECT b.equipment_id, b.at, e.account_id, e.equipment_type_id
    FROM moment b ${fewDates ? byKey : "JOIN equipments e ON e.id = b.equipment_id"}
   WHERE true${filters}
), compared AS (
  SELECT l.equipment_id, s.schedule_id, l.at, l.account_id, l.equipment_type_id,
         ${before} AS severity_before, ${at} AS severity_at
    FROM located l ${fewDates ? schedulesByKey : "JOIN schedules s ON s.equipment_id = l.equipment_id"}
)
SELECT ${transitionRow("c.schedule_id", "schedule.status_changed")}
  FROM compared c WHERE c.severity_before <> c.severity_at
UNION ALL
SELECT ${transitionRow("NULL::text", "equipment.status_changed")}
  FROM (SELECT equipment_id, at, account_id, equipment_type_id,
               max(severity_before) AS severity_before, max(severity_at) AS severity_at
          FROM compared GROUP BY equipment_id, at, account_id, equipment_type_id) c
 WHERE c.severity_before <> c.severity_at`;
}

/**
 * The order time's transitions are numbered in, over the rows `r` of
 * {@link timeTransitionsSql}: per equipment by instant, a schedule's transition before the
 * equipment's it causes.
 */
export const timeTransitionOrder = "r.occurred_at, r.equipment_id, r.type_order, r.schedule_id";

/** One transition of the change `c` as an event row, its id derived from what it is. */
function transitionRow(scheduleId: string, type: EventType): string {
  const from = statusNameSql("c.severity_before");
  const to = statusNameSql("c.severity_at");
  const id = eventIdSql([`'${type}'`, "c.equipment_id", scheduleId, "c.at::text", from, to]);
  return `${id} AS id, c.account_id, '${type}'::text AS type, c.at AS occurred_at, '${timeCause}'::text AS cause,
       c.equipment_id, c.equipment_type_id, ${scheduleId} AS schedule_id, ${from} AS from_status, ${to} AS to_status,
       NULL::text AS inspection_id, NULL::jsonb AS record, NULL::jsonb AS previous_attributes,
       ${eventTypeOrder(type)} AS type_order`;
}
