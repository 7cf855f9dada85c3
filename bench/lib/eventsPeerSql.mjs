// The raw-SQL peer of `events.list` and of the recorder (workload 8): one statement that
// computes the status transitions of an account in a window, written from the contract's
// words (decisions.md section 3, the schedule and equipment rules; interface.md's event
// record), not from the server's SQL, which it is there to check and to time.
//
// The words it follows:
// - a schedule is `expired` when `expiresOn` or `lastCompletedOn` is null, or when
//   `now >= expiresOn`; else `expiring` when `now >= expiringOn`; else `uptodate`;
// - an equipment is `expired` if any of its schedules is, else `expiring` if any is,
//   else `uptodate`;
// - an event is a status that changes at an instant: instants are integer milliseconds,
//   so "just before t" is `t - 1`. Statuses change with time only where `now` reaches a
//   date, so the instants to look at are the schedules' `expiringOn` and `expiresOn`.

/**
 * A schedule's status at an instant, as SQL, by the rules' words.
 *
 * @param {string} at - SQL of the instant
 */
function scheduleStatusAt(at) {
  return `CASE WHEN s.expires_on IS NULL OR s.last_completed_on IS NULL THEN 'expired'
            WHEN ${at} >= s.expires_on THEN 'expired'
            WHEN ${at} >= s.expiring_on THEN 'expiring'
            ELSE 'uptodate' END`;
}

/**
 * An equipment's status from a column of its schedules' statuses, as an aggregate.
 *
 * @param {string} column
 */
function overallStatus(column) {
  return `CASE WHEN bool_or(${column} = 'expired') THEN 'expired'
            WHEN bool_or(${column} = 'expiring') THEN 'expiring'
            ELSE 'uptodate' END`;
}

/**
 * The peer's statement: every transition of the account's schedules and equipment at an
 * instant in `[$1, $2]` (both included, as `events.list`'s window), computed from the data
 * as it stands, with `$3` the account. Its rows: `occurred_at` (bigint as text), `type`,
 * `equipment_id`, `schedule_id` (null on equipment events), `from_status`, `to_status`;
 * ordered by `occurred_at` (ties in no particular order: the contract's tie-break is the
 * event id, which the peer does not make). With `limit`, only the first rows: the peer of
 * one page.
 *
 * It reads the dates through the two date indexes the store has (`schedules (expiring_on)`,
 * `schedules (expires_on)`): a careful hand-written query would use them too. Whose each
 * date is, it asks the equipment either by a join, which the planner makes a hash of every
 * equipment, or (`perDate`) by a subquery per date. At 100 000 equipment on PostgreSQL the
 * join took 520-730 ms for a month of dates against 860-1 000 per date, and 37-51 ms for a
 * day's 700 dates against 11-42: the workload times both and keeps the faster, a ceiling.
 *
 * @param {{ limit?: number, perDate?: boolean }} [options]
 * @returns {string}
 * @example
 * await sql.query(eventsPeerSql(), [from, to, "acc_bench"]);
 */
export function eventsPeerSql({ limit, perDate = false } = {}) {
  const owned = perDate
    ? `SELECT m.equipment_id, m.at FROM moments m
   WHERE (SELECT e.account_id FROM equipments e WHERE e.id = m.equipment_id) = $3::text`
    : `SELECT m.equipment_id, m.at FROM moments m JOIN equipments e ON e.id = m.equipment_id
   WHERE e.account_id = $3::text`;
  return `WITH moments AS (
  SELECT equipment_id, expiring_on AS at FROM schedules WHERE expiring_on BETWEEN $1::bigint AND $2::bigint
  UNION
  SELECT equipment_id, expires_on FROM schedules WHERE expires_on BETWEEN $1::bigint AND $2::bigint
), owned AS (
  ${owned}
), compared AS (
  SELECT o.equipment_id, o.at, s.schedule_id,
         ${scheduleStatusAt("(o.at - 1)")} AS before, ${scheduleStatusAt("o.at")} AS after
    FROM owned o JOIN schedules s ON s.equipment_id = o.equipment_id
), transitions AS (
  SELECT at, 'schedule.status_changed' AS type, equipment_id, schedule_id, before AS from_status, after AS to_status
    FROM compared WHERE before <> after
  UNION ALL
  SELECT at, 'equipment.status_changed', equipment_id, NULL, ${overallStatus("before")}, ${overallStatus("after")}
    FROM compared GROUP BY equipment_id, at
  HAVING ${overallStatus("before")} <> ${overallStatus("after")}
)
SELECT at::text AS occurred_at, type, equipment_id, schedule_id, from_status, to_status
  FROM transitions ORDER BY at${limit === undefined ? "" : ` LIMIT ${Number(limit)}`}`;
}

/**
 * What the peer and `events.list` are compared on: the event as the contract defines it,
 * less the id (the server's name for it) and the fields that follow from the window
 * (`expected`, `sequence`, `cause`).
 *
 * @param {{ occurred_at: number | string, type: string, equipment_id: string, schedule_id?: string | null, from?: string | null, to?: string | null, from_status?: string | null, to_status?: string | null }} event -
 *   an `events.list` event or a row of the peer
 * @returns {string}
 * @example
 * eventKey({ occurred_at: 5, type: "schedule.status_changed", equipment_id: "eq_1", schedule_id: "s_1", from: "uptodate", to: "expiring" });
 * // "5 schedule.status_changed eq_1 s_1 uptodate expiring"
 */
export function eventKey(event) {
  const from = "from_status" in event ? event.from_status : event.from;
  const to = "to_status" in event ? event.to_status : event.to;
  return [
    String(event.occurred_at),
    event.type,
    event.equipment_id,
    event.schedule_id ?? "-",
    from ?? "null",
    to ?? "null",
  ].join(" ");
}
