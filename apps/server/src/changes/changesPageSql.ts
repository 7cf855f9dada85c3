import { equipmentFields } from "@wsafe/schema";
import { equipmentRecordSql, schedulesCte } from "../store/queries/equipmentRecordSql.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/** One page of the feed to read. */
export interface ChangesPageInput {
  /** The caller's account: nothing of another ever appears. */
  accountId: string;
  /** The `change_seq` after which changes are read, as decimal text. */
  after: string;
  /** Entries in the page. */
  limit: number;
  /** The instant statuses are computed at (ms): the answer's. */
  instant: number;
}

/** The one row {@link changesPageSql} answers. */
export interface ChangesPageRow {
  /** The page's `changes` as a JSON array text, in `change_seq` order. */
  feed_json: string;
  /** The `change_seq` of its last entry, as text; null when it is empty. */
  feed_last: string | null;
  /** Whether more changes follow the page. */
  feed_more: boolean;
}

/**
 * The statement of one page of `equipments.changes`, as ONE row (so that it can ride in
 * the event writer's clock statement as its read, see `readChanges`): the account's
 * equipment whose `change_seq` (migration 0015: drawn again at every change of what
 * `equipments.list` answers for it) lies after `after`, live ones from `equipments`
 * rendered by the list's own record expression at `instant`, retired ones from
 * `retired_equipments` as `null`, in `change_seq` order.
 *
 * Each table is read through its `(account_id, change_seq)` index, `limit + 1` rows at
 * most (the extra one says whether more follow), so a page costs the same anywhere in the
 * feed. An id is in one table only, unless something odd put it in both: then the row with
 * the later `change_seq` speaks for it and the other is left out, so that an id appears at
 * most once and as its latest change says. Only the page's live rows are rendered, and
 * only their schedules read.
 *
 * @param param - adds a parameter to the statement
 * @param input - the account, the position, the page's size and the answer's instant
 */
export function changesPageSql(param: SqlParam, input: ChangesPageInput): string {
  const account = param(input.accountId, "text");
  const after = param(input.after, "bigint");
  const rows = param(input.limit + 1, "integer");
  const limit = param(input.limit, "integer");
  const now = param(String(input.instant), "bigint");
  const record = equipmentRecordSql(equipmentFields, undefined);
  return `WITH candidate AS (
  (SELECT e.id, e.change_seq, true AS live FROM equipments e
    WHERE e.account_id = ${account} AND e.change_seq > ${after}
      AND NOT EXISTS (SELECT 1 FROM retired_equipments r
                       WHERE r.id = e.id AND r.account_id = e.account_id AND r.change_seq > e.change_seq)
    ORDER BY e.change_seq LIMIT ${rows})
  UNION ALL
  (SELECT r.id, r.change_seq, false AS live FROM retired_equipments r
    WHERE r.account_id = ${account} AND r.change_seq > ${after}
      AND NOT EXISTS (SELECT 1 FROM equipments e
                       WHERE e.id = r.id AND e.account_id = r.account_id AND e.change_seq > r.change_seq)
    ORDER BY r.change_seq LIMIT ${rows})
), taken AS (
  SELECT c.*, row_number() OVER (ORDER BY c.change_seq) AS n
    FROM (SELECT * FROM candidate ORDER BY change_seq LIMIT ${rows}) c
), shown AS (
  SELECT * FROM taken WHERE n <= ${limit}
), ${schedulesCte(now, "FROM schedules s JOIN shown p ON p.id = s.equipment_id AND p.live")}
SELECT coalesce('[' || string_agg('{"id":' || to_json(p.id)::text || ',"equipment":'
                                  || CASE WHEN p.live THEN ${record} ELSE 'null' END || '}',
                                  ',' ORDER BY p.change_seq) || ']', '[]') AS feed_json,
       max(p.change_seq)::text AS feed_last,
       (SELECT count(*) FROM taken) > ${limit} AS feed_more
  FROM shown p
  LEFT JOIN equipments e ON p.live AND e.id = p.id
  LEFT JOIN sc ON sc.equipment_id = e.id`;
}
