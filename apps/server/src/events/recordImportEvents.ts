import { randomUUID } from "node:crypto";
import type { Sql } from "../store/database/Sql.js";
import { scheduleSeveritySql } from "../store/queries/equipmentRecordSql.js";
import { sqlParameters } from "../store/queries/sqlParameters.js";
import {
  equipmentEventType,
  eventColumnList,
  eventIdSql,
  importCause,
  scheduleEventType,
  sequenceSql,
  statusNameSql,
} from "./eventRowSql.js";
import { eventsChannel, lockEventClock, recordTimeEvents } from "./recordTimeEvents.js";

/** What an import may change the statuses of. */
export interface ImportScope {
  /** The equipment the dataset names (their schedules are replaced). */
  equipmentIds: readonly string[];
  /** The equipment types the dataset names: a type moved to another account takes its equipment along. */
  equipmentTypeIds: readonly string[];
}

/** What an import recorded, beside what it wrote. */
export interface ImportEvents<T> {
  written: T;
  /** The import's instant: its events' `occurred_at`. */
  instant: number;
  /** How many events it recorded, of its own and of time caught up on before it. */
  events: number;
}

/**
 * Every schedule and equipment of the scope with its status at `instant`, as rows of
 * (kind, equipment, schedule, account, type, severity): kind 0 a schedule, 1 an equipment
 * (schedule `''`), whose severity is its schedules' worst (`uptodate` without any: the
 * outer join's empty row is left out, or the null dates of no schedule would read as
 * `expired`).
 */
function statusesAt(instant: string): string {
  const severity = scheduleSeveritySql(instant);
  return `SELECT 0 AS kind, e.id AS equipment_id, s.schedule_id, e.account_id, e.equipment_type_id, ${severity} AS severity
  FROM import_scope i JOIN equipments e ON e.id = i.equipment_id JOIN schedules s ON s.equipment_id = e.id
UNION ALL
SELECT 1, e.id, '', e.account_id, e.equipment_type_id,
       coalesce(max(${severity}) FILTER (WHERE s.schedule_id IS NOT NULL), 0)
  FROM import_scope i JOIN equipments e ON e.id = i.equipment_id LEFT JOIN schedules s ON s.equipment_id = e.id
 GROUP BY e.id, e.account_id, e.equipment_type_id`;
}

/**
 * Runs an import's writes (`write`) inside its transaction so that every status it
 * changes is recorded as an event of cause `import`, in the same transaction: a rolled
 * back import leaves no event. Each status is computed at the import's instant, before
 * and after the writes; what differs is an event. An equipment or schedule that appears
 * (new, or moved to this type or account) has `from: null`; one that goes has `to: null`.
 *
 * First, under the event clock's lock (held to the commit), what time changed up to the
 * import's instant is recorded from the data as it was: once the writes are in, the old
 * dates are gone. Transitions that the imported dates place before the import are not
 * history, so time events are recorded from the import's instant on.
 *
 * @param sql - the import's transaction
 * @param scope - what the dataset names
 * @param now - the import's instant (the clock's, if that is later)
 * @param write - the import's writes
 */
export async function recordImportEvents<T>(
  sql: Sql,
  scope: ImportScope,
  now: number,
  write: () => Promise<T>,
): Promise<ImportEvents<T>> {
  const recordedUntil = (await lockEventClock(sql, false))!;
  const instant = Math.max(now, recordedUntil);
  let events = await recordTimeEvents(sql, recordedUntil, instant);
  await sql.query(
    `CREATE TEMP TABLE import_scope (equipment_id text COLLATE "C" PRIMARY KEY) ON COMMIT DROP`,
  );
  await sql.query(
    `INSERT INTO import_scope
     SELECT DISTINCT unnest($1::text[])
     UNION SELECT id FROM equipments WHERE equipment_type_id = ANY($2::text[])`,
    [scope.equipmentIds, scope.equipmentTypeIds],
  );
  await sql.query(`CREATE TEMP TABLE import_before ON COMMIT DROP AS ${statusesAt(`${instant}::bigint`)}`);
  const written = await write();
  events += await insertImportChanges(sql, instant);
  if (events > 0) await sql.query(`SELECT pg_notify('${eventsChannel}', '')`);
  return { written, instant, events };
}

/**
 * Records the differences between `import_before` and the statuses now, at `instant`.
 * Into a store that held none of the scope (a first load) every status appears: read
 * straight from the statuses now, with no join against an empty side (which PostgreSQL
 * sorted on disk: 400 000 rows for 100 000 equipment). Counted where they are inserted:
 * returning every row would send them all back to the server process.
 */
async function insertImportChanges(sql: Sql, instant: number): Promise<number> {
  const { params, param } = sqlParameters();
  const at = param(instant, "bigint");
  const key = param(randomUUID(), "text");
  const type = `(CASE c.kind WHEN 0 THEN '${scheduleEventType}' ELSE '${equipmentEventType}' END)`;
  const from = statusNameSql("c.severity_before");
  const to = statusNameSql("c.severity_at");
  const scheduleId = "nullif(c.schedule_id, '')";
  const id = eventIdSql([
    `'${importCause}'`,
    key,
    type,
    "c.equipment_id",
    scheduleId,
    "c.account_id",
    "c.equipment_type_id",
    from,
    to,
  ]);
  const [before] = await sql.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM import_before) AS any");
  const changes = before!.any
    ? `SELECT coalesce(a.kind, b.kind) AS kind, coalesce(a.equipment_id, b.equipment_id) AS equipment_id,
              coalesce(a.schedule_id, b.schedule_id) AS schedule_id,
              coalesce(a.account_id, b.account_id) AS account_id,
              coalesce(a.equipment_type_id, b.equipment_type_id) AS equipment_type_id,
              b.severity AS severity_before, a.severity AS severity_at, a.kind IS NULL AS removed
         FROM import_before b
         FULL JOIN (${statusesAt(at)}) a
           ON a.kind = b.kind AND a.equipment_id = b.equipment_id AND a.schedule_id = b.schedule_id
          AND a.account_id = b.account_id AND a.equipment_type_id = b.equipment_type_id
        WHERE a.severity IS DISTINCT FROM b.severity`
    : `SELECT a.kind, a.equipment_id, a.schedule_id, a.account_id, a.equipment_type_id,
              NULL::integer AS severity_before, a.severity AS severity_at, false AS removed
         FROM (${statusesAt(at)}) a`;
  const [row] = await sql.query<{ count: string }>(
    `WITH inserted AS (
       INSERT INTO events (${eventColumnList()}, sequence)
       SELECT ${id}, c.account_id, ${type}, ${at}, '${importCause}', c.equipment_id, c.equipment_type_id,
              ${scheduleId}, ${from}, ${to},
              ${sequenceSql("c.equipment_id, c.removed DESC, c.kind, c.schedule_id")}
         FROM (${changes}) c
       RETURNING 1
     )
     SELECT count(*)::text AS count FROM inserted`,
    params,
  );
  return Number(row!.count);
}
