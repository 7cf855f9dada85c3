import type { EquipmentType, Metafield } from "@wsafe/schema";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/** A metafield an update would remove while an equipment of the register still sets it. */
export interface MetafieldInUse {
  /** The metafield's id. */
  metafield: string;
  /** One equipment that sets it: the first by id, so the answer is the same every time. */
  equipment: string;
}

/**
 * An equipment type as `equipmentTypes.update` reads it under its account's event lock:
 * the record, and the first metafield (in the type's order) that the update would remove
 * while an equipment still sets it, when there is one.
 */
export interface ReadEquipmentType extends EquipmentType {
  in_use: MetafieldInUse | null;
}

/**
 * The statement (one row, or none when `id` is not a type of the account) that reads what
 * `equipmentTypes.update` decides from: see {@link ReadEquipmentType}. It runs under the
 * account's lock, which every writer of an equipment's metavalues (the register's writes,
 * an import) takes too: no equipment can set a metafield between this check and the
 * update that removes it.
 *
 * A metafield is set on an equipment when its id is a key of the equipment's `metavalues`
 * (unset metafields are absent: `storedMetavaluesSchema`). Retired equipment left
 * `equipments` and does not count.
 *
 * @param param - adds a parameter
 * @param accountId - the caller's account
 * @param id - the type, a text the database can hold
 * @param kept - the metafield ids the update keeps; `null` when it leaves the metafields as they are
 * @example
 * await EventWriter.open<ReadEquipmentType>(write, scope, (param) => equipmentTypeReadSql(param, accountId, "et_1", ["mf_1"]));
 */
export function equipmentTypeReadSql(
  param: SqlParam,
  accountId: string,
  id: string,
  kept: readonly string[] | null,
): string {
  const inUse =
    kept === null
      ? "NULL::json"
      : `(SELECT json_build_object('metafield', m.value->>'id', 'equipment', used.id)
           FROM jsonb_array_elements(t.metafields) WITH ORDINALITY AS m (value, n)
           CROSS JOIN LATERAL (SELECT e.id FROM equipments e
                                WHERE e.equipment_type_id = t.id AND e.metavalues ? (m.value->>'id')
                                ORDER BY e.id LIMIT 1) used
          WHERE NOT (m.value->>'id' = ANY (${param(kept, "text[]")}))
          ORDER BY m.n LIMIT 1)`;
  return `SELECT t.id, t.name, t.metafields, ${inUse} AS in_use
       FROM equipment_types t
      WHERE t.id = ${param(id, "text")} AND t.account_id = ${param(accountId, "text")}`;
}

/**
 * The type's metafields as a record answers them: `{ id, name }` each, in the type's order
 * (the stored objects hold nothing else, but an answer must not depend on it).
 *
 * @param metafields - as stored
 */
export function metafieldRecords(metafields: readonly Metafield[]): Metafield[] {
  return metafields.map(({ id, name }) => ({ id, name }));
}
