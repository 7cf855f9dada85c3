import type { Metavalue } from "@wsafe/schema";
import { equipmentRecordColumns, scheduleColumns } from "../store/queries/columns.js";
import type { EquipmentRow, StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/** A metafield of a type, as `equipment_types.metafields` stores it. */
export interface StoredMetafield {
  id: string;
  name: string;
}

/**
 * One equipment as a register write reads it under its account's lock: its row (every
 * column of `equipmentRecordColumns`, `bigint`s as text) and its schedules.
 */
export interface StoredEquipment extends EquipmentRow {
  id: string;
  equipment_type_id: string;
  external_id: string | null;
  version: number;
  metavalues: Record<string, Metavalue>;
  /** In `schedule_id` order; empty when it has none. */
  schedules: StoredSchedule[];
}

/** The stored columns of `e`, `bigint`s as text (what a driver does with them differs). */
const columnList = Object.values(equipmentRecordColumns)
  .map(({ column, type }) => (type === "bigint" ? `e.${column}::text AS ${column}` : `e.${column}`))
  .join(", ");

/** The schedules of `e`, each a JSON object of its stored fields keyed by the schema's names. */
const schedulesList = `coalesce((SELECT json_agg(json_build_object(${Object.entries(scheduleColumns)
  .map(([field, { column }]) => `'${field}', s.${column}`)
  .join(", ")}) ORDER BY s.schedule_id)
    FROM schedules s WHERE s.equipment_id = e.id), '[]'::json) AS schedules`;

/** The select list of a {@link StoredEquipment} from the alias `e`. */
export const storedEquipmentList = `${columnList}, ${schedulesList}`;

/** How a request names its equipment: by `id`, or by the caller's own key. */
export type EquipmentName = { id: string } | { external_id: string };

/**
 * The condition that finds the account's equipment `e` by its name (an index probe
 * either way, the same for another account's name as for one nobody has).
 *
 * @param param - adds a parameter
 * @param accountId - the caller's account
 * @param name - the request's name of it
 */
export function namedEquipmentSql(param: SqlParam, accountId: string, name: EquipmentName): string {
  const account = `e.account_id = ${param(accountId, "text")}`;
  return "id" in name
    ? `e.id = ${param(name.id, "text")} AND ${account}`
    : `${account} AND e.external_id = ${param(name.external_id, "text")}`;
}

/**
 * The metafields of a type of the account, as a scalar subquery: NULL when it is no type
 * of the account (a type has `[]` at least).
 *
 * @param account - the account, as SQL
 * @param typeId - the type's id, as SQL
 */
export const typeMetafieldsSql = (account: string, typeId: string): string =>
  `(SELECT t.metafields FROM equipment_types t WHERE t.id = ${typeId} AND t.account_id = ${account})`;

/**
 * The first of `users` (in their order) that is no user of the account, as a scalar
 * subquery: NULL when every one is.
 *
 * @param param - adds a parameter
 * @param account - the account, as SQL
 * @param users - the request's `assignedUsers_id` (empty when it sent none)
 */
export const unknownUserSql = (param: SqlParam, account: string, users: readonly string[]): string =>
  `(SELECT u.id FROM unnest(${param(users, "text[]")}) WITH ORDINALITY AS u (id, n)
     WHERE NOT EXISTS (SELECT 1 FROM users k WHERE k.id = u.id AND k.account_id = ${account})
     ORDER BY u.n LIMIT 1)`;

/**
 * The equipment of the account's register that holds `key`, other than `self`, as a
 * scalar subquery: NULL when none does (or `key` is NULL). Retired equipment holds no key.
 *
 * @param param - adds a parameter
 * @param account - the account, as SQL
 * @param key - the `external_id` to be given
 * @param self - the equipment that is to hold it, as SQL (`NULL` for a new one)
 */
export const keyHolderSql = (param: SqlParam, account: string, key: string | null, self: string): string =>
  `(SELECT h.id FROM equipments h
     WHERE h.account_id = ${account} AND h.external_id = ${param(key, "text")} AND h.id IS DISTINCT FROM ${self})`;
