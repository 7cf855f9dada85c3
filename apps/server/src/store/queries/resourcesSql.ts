import { type ColumnMap, resourceColumns, versionColumns } from "./columns.js";

/** The fields of a record as `json_build_object` arguments, from its column map. */
const jsonObjectArguments = (columns: ColumnMap<string>, alias: string) =>
  Object.entries(columns)
    .map(([field, { column }]) => `'${field}', ${alias}.${column}`)
    .join(", ");

/** One resource `r` as a JSON value, its versions by `created` (then their document order). */
const resourceRecord = `json_build_object(
    ${jsonObjectArguments(resourceColumns, "r")},
    'versions', coalesce((
      SELECT json_agg(json_build_object(${jsonObjectArguments(versionColumns, "v")}) ORDER BY v.created, v.position)
        FROM resource_versions v WHERE v.resource_id = r.id), '[]'::json))`;

/** Every resource of the account `$1` as one JSON array text, by `sequence`, then `id`. */
export const resourcesJsonSql = `SELECT coalesce(json_agg(${resourceRecord} ORDER BY r.sequence, r.id), '[]'::json)::text AS json
  FROM resources r WHERE r.account_id = $1`;

/**
 * One page of the account `$1`'s resources by (`sequence`, `id`), read through its
 * ordered index: at most `$2` rows, after (`$3`, `$4`) when they are given. Each row has
 * the record's `json` and its key (`sequence` as text, `id`).
 */
export const resourcesPageSql = `SELECT ${resourceRecord}::text AS json, r.sequence::text AS sequence, r.id
  FROM resources r
 WHERE r.account_id = $1 AND ($3::bigint IS NULL OR (r.sequence, r.id) > ($3::bigint, $4::text))
 ORDER BY r.sequence, r.id
 LIMIT $2`;
