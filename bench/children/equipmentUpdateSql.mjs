// The statements of the raw-SQL peer of `equipments.update` (equipmentUpdating.mjs), as a
// team would write them over wsafe's tables, following the store's rules for every writer
// of events (migration 0009: the event clock held shared, the account's advisory lock,
// the account's clock moved and its time events recorded before the write's own; the
// outbox and the counts filled by the schema's triggers on `events`; migration 0015: the
// version and the feed's place made by the triggers on `equipments`). Written from the
// migrations and the method's description in @wsafe/schema, not from wsafe's handlers.

/** The locks' classes (migration 0009): the event clock, and one lock per account. */
const clockClass = 1_702_257_001;
const accountClass = 1_702_257_002;

/** The event clock held shared, then the account's lock: what every account writer takes first. */
export const lockAccountSql = `SELECT pg_advisory_xact_lock_shared(${clockClass}, 0), pg_advisory_xact_lock(${accountClass}, hashtext($1))`;

/**
 * Moves the account's clock to the request's instant (never back) and reads, in the same
 * statement (after the lock: a later snapshot), where its time events stood, whether a
 * schedule of the account has a date in between, and the equipment named with what the
 * update's rules are checked against. Parameters: $1 account, $2 now, $3 the equipment's
 * id or external_id, $4 the type after the update (null: its own), $5 `assignedUsers_id`,
 * $6 the key to give (null: none).
 *
 * @param {"id" | "external_id"} by - how the request names the equipment
 */
export function clockAndReadSql(by) {
  const dated = (/** @type {string} */ column) =>
    `EXISTS (SELECT 1 FROM schedules s JOIN equipments e ON e.id = s.equipment_id
              WHERE e.account_id = $1 AND s.${column} > w.from_at AND s.${column} <= w.reached)`;
  return `WITH w AS (
  SELECT c.from_at, greatest(c.from_at, $2::bigint) AS reached
    FROM (SELECT greatest(k.recorded_until,
                          (SELECT a.recorded_until FROM account_event_clocks a WHERE a.account_id = $1)) AS from_at
            FROM event_clock k) c
), moved AS (
  INSERT INTO account_event_clocks (account_id, recorded_until) SELECT $1, w.reached FROM w
  ON CONFLICT (account_id) DO UPDATE SET recorded_until = excluded.recorded_until
   WHERE account_event_clocks.recorded_until < excluded.recorded_until
)
SELECT w.from_at::text AS clock_from, w.reached::text AS clock_reached,
       ${dated("expiring_on")} OR ${dated("expires_on")} AS clock_due, r.*
  FROM w LEFT JOIN (
    SELECT e.id, e.external_id, e.serial_number, e.equipment_type_id, e.created::text AS created, e.parent_id,
           e.field_office_ids, e.line_of_business_id, e.client_ids, e.assigned_user_ids, e.title, e.notes,
           e.is_in_service, e.metavalues, e.version,
           coalesce((SELECT json_agg(s ORDER BY s.schedule_id) FROM schedules s WHERE s.equipment_id = e.id),
                    '[]'::json) AS schedules,
           (SELECT t.metafields FROM equipment_types t
             WHERE t.id = coalesce($4, e.equipment_type_id) AND t.account_id = $1) AS type_metafields,
           (SELECT t.metafields FROM equipment_types t WHERE t.id = e.equipment_type_id) AS own_metafields,
           (SELECT u.id FROM unnest($5::text[]) WITH ORDINALITY AS u (id, n)
             WHERE NOT EXISTS (SELECT 1 FROM users k WHERE k.id = u.id AND k.account_id = $1)
             ORDER BY u.n LIMIT 1) AS unknown_user,
           (SELECT h.id FROM equipments h WHERE h.account_id = $1 AND h.external_id = $6 AND h.id <> e.id) AS key_holder
      FROM equipments e
     WHERE e.account_id = $1 AND e.${by} = $3
  ) r ON true`;
}

/** A schedule's status at an instant, by the rules (decisions.md), as SQL. @param {string} at */
const statusAt = (at) => `CASE WHEN s.expires_on IS NULL OR s.last_completed_on IS NULL THEN 'expired'
            WHEN ${at} >= s.expires_on THEN 'expired'
            WHEN ${at} >= s.expiring_on THEN 'expiring'
            ELSE 'uptodate' END`;

/** The worst of a column of statuses, as an aggregate. @param {string} column */
const worst = (column) => `CASE WHEN bool_or(${column} = 'expired') THEN 'expired'
            WHEN bool_or(${column} = 'expiring') THEN 'expiring'
            ELSE 'uptodate' END`;

/**
 * Records the account's time events in `($1, $2]` ($3 the account): each status that
 * changes where the instant reaches one of its schedules' dates, a schedule's before its
 * equipment's, numbered in order of instant; the id derived from what the event is, as
 * every recorder of the store derives it (so that two recorders of one transition make one
 * event). Answers the count.
 */
export const recordTimeSql = `WITH moment AS (
  SELECT equipment_id, expiring_on AS at FROM schedules WHERE expiring_on > $1::bigint AND expiring_on <= $2::bigint
  UNION
  SELECT equipment_id, expires_on FROM schedules WHERE expires_on > $1::bigint AND expires_on <= $2::bigint
), compared AS (
  SELECT m.equipment_id, e.equipment_type_id, m.at, s.schedule_id,
         ${statusAt("(m.at - 1)")} AS before, ${statusAt("m.at")} AS after
    FROM moment m JOIN equipments e ON e.id = m.equipment_id AND e.account_id = $3
    JOIN schedules s ON s.equipment_id = m.equipment_id
), transition AS (
  SELECT at, equipment_id, equipment_type_id, 1 AS rank, 'schedule.status_changed' AS type, schedule_id,
         before AS from_status, after AS to_status
    FROM compared WHERE before <> after
  UNION ALL
  SELECT at, equipment_id, equipment_type_id, 2, 'equipment.status_changed', NULL, ${worst("before")}, ${worst("after")}
    FROM compared GROUP BY at, equipment_id, equipment_type_id
  HAVING ${worst("before")} <> ${worst("after")}
), inserted AS (
  INSERT INTO events (id, sequence, account_id, type, occurred_at, cause, equipment_id, equipment_type_id,
                      schedule_id, from_status, to_status)
  SELECT ('ev_' || left(md5(concat_ws('|', t.type, t.equipment_id, coalesce(t.schedule_id, '-'), t.at::text,
                                      t.from_status, t.to_status)), 24)) COLLATE "C",
         nextval('events_sequence'), $3, t.type, t.at, 'time', t.equipment_id, t.equipment_type_id,
         t.schedule_id, t.from_status, t.to_status
    FROM (SELECT * FROM transition ORDER BY at, equipment_id, rank, schedule_id) t
  ON CONFLICT (id) DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS count, CASE WHEN count(*) > 0 THEN pg_notify('wsafe_events', '')::text END AS notified
  FROM inserted`;

/**
 * The update's one writing statement: the equipment's row (every column the update may
 * change; the triggers make the version and the feed's place), its events in order (an
 * array per column, sequences drawn in that order: the outbox and the counts follow from
 * the triggers), the answer kept under the key when there is one, the account's expired
 * keys deleted, and the events' channel notified. Parameters: $1 id, $2-$13 the columns,
 * $14-$22 the events' columns, $23 account, $24 instant, $25 key (null: none), $26
 * answer, $27 oldest kept.
 */
export const writeUpdateSql = `WITH updated AS (
  UPDATE equipments
     SET external_id = $2, serial_number = $3, equipment_type_id = $4, parent_id = $5,
         field_office_ids = $6::jsonb, line_of_business_id = $7, client_ids = $8::jsonb,
         assigned_user_ids = $9::jsonb, title = $10, notes = $11, is_in_service = $12, metavalues = $13::jsonb
   WHERE id = $1
), inserted AS (
  INSERT INTO events (id, sequence, account_id, type, occurred_at, cause, equipment_id, equipment_type_id,
                      schedule_id, from_status, to_status, record, previous_attributes)
  SELECT c.id, nextval('events_sequence'), $23, c.type, $24::bigint, 'api', $1, c.equipment_type_id,
         c.schedule_id, c.from_status, c.to_status, c.record::jsonb, c.previous_attributes::jsonb
    FROM (SELECT * FROM unnest($14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[],
                               $20::text[], $21::text[], $22::int[])
                 AS c (id, type, equipment_type_id, schedule_id, from_status, to_status, record,
                       previous_attributes, n)
           ORDER BY c.n) c
  RETURNING 1
), kept AS (
  UPDATE inspection_requests SET answer = $26 WHERE $25::text IS NOT NULL AND account_id = $23 AND idempotency_key = $25
), pruned AS (
  DELETE FROM inspection_requests WHERE account_id = $23 AND created_at <= $27::bigint
)
SELECT CASE WHEN count(*) > 0 THEN pg_notify('wsafe_events', '')::text END AS notified FROM inserted`;
