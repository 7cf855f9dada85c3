/**
 * One equipment type as a JSON value: the record of `equipmentTypes.list`. Its metafields
 * are stored as the dataset gave them, `[{ id, name }]` in the type's order.
 *
 * @param alias - the alias of the `equipment_types` row
 * @example
 * `SELECT ${equipmentTypeRecordSql("t")} FROM equipment_types t`
 */
export const equipmentTypeRecordSql = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'metafields', ${alias}.metafields)`;

const equipmentTypeRecord = equipmentTypeRecordSql("t");

// Names sort by the byte order of their UTF-8, the same on PGlite and on every
// PostgreSQL whatever its locale (migration 0003 indexes the same expression).
const order = `t.name COLLATE "C", t.id`;

/** Every equipment type of the account `$1` as one JSON array text, by `name`, then `id`. */
export const equipmentTypesJsonSql = `SELECT coalesce(json_agg(${equipmentTypeRecord} ORDER BY ${order}), '[]'::json)::text AS json
  FROM equipment_types t WHERE t.account_id = $1`;

/**
 * One page of the account `$1`'s equipment types by (`name`, `id`): at most `$2` rows,
 * after (`$3`, `$4`) when they are given. Each row has the record's `json` and its key.
 */
export const equipmentTypesPageSql = `SELECT ${equipmentTypeRecord}::text AS json, t.name, t.id
  FROM equipment_types t
 WHERE t.account_id = $1 AND ($3::text IS NULL OR (t.name COLLATE "C", t.id) > ($3::text COLLATE "C", $4::text))
 ORDER BY ${order}
 LIMIT $2`;
