import type { Metavalue } from "@wsafe/schema";
import type { StoredMetafield } from "./equipmentReadSql.js";
import { equipmentRefusals } from "./equipmentRefusals.js";
import { inJsonbKeyOrder } from "./storedOrder.js";

/** A type as a metavalues check needs it: its id (for the refusal) and its metafields. */
export interface MetafieldsOfType {
  typeId: string;
  metafields: readonly StoredMetafield[];
}

const idsOf = (type: MetafieldsOfType) => new Set(type.metafields.map((metafield) => metafield.id));

/**
 * A new equipment's metavalues, each key a metafield of its type (as an import requires),
 * in the order the store gives them back.
 *
 * @param values - the request's `metavalues`
 * @param type - the equipment's type
 * @returns the metavalues to store and answer
 * @throws ApiError `parameter_invalid` naming the first key, in the request's order, that is
 *   no metafield of the type
 * @example
 * metavaluesOfNewEquipment({ mf_length: 2 }, { typeId: "et_harness", metafields }); // { mf_length: 2 }
 */
export function metavaluesOfNewEquipment(
  values: Readonly<Record<string, Metavalue>>,
  type: MetafieldsOfType,
): Record<string, Metavalue> {
  const ids = idsOf(type);
  for (const key of Object.keys(values))
    if (!ids.has(key)) throw equipmentRefusals.notAMetafield(key, type.typeId);
  return inJsonbKeyOrder(values);
}

/** What an update's metavalues patch applies to. */
export interface MetavaluesPatchTarget {
  /** The metavalues stored now. */
  stored: Readonly<Record<string, Metavalue>>;
  /** The type the equipment has after the update (its own, or the one it moves to). */
  type: MetafieldsOfType;
  /** Its metafields before the update (the same as `type`'s when it does not move). */
  ownMetafields: readonly StoredMetafield[];
  /** Whether the update moves it to another type. */
  moved: boolean;
}

/**
 * An updated equipment's metavalues: the stored ones patched (a key with a value set, a
 * key with `null` unset, the rest kept), in the order the store gives them back. A key set
 * must be a metafield of the type after the update; a key unset may also be one of the
 * type before (a move unsets them) or any key the record holds; after a move, every key
 * left must be a metafield of the new type.
 *
 * @param patch - the request's `metavalues`
 * @param target - what the patch applies to
 * @throws ApiError `parameter_invalid` naming the first key that breaks a rule: those of the
 *   patch in the request's order, then those left after a move
 */
export function patchedMetavalues(
  patch: Readonly<Record<string, Metavalue | null>>,
  target: MetavaluesPatchTarget,
): Record<string, Metavalue> {
  const { stored, type, moved } = target;
  const allowed = idsOf(type);
  const before = new Set(target.ownMetafields.map((metafield) => metafield.id));
  const values = new Map(Object.entries(stored));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      if (!allowed.has(key) && !before.has(key) && !values.has(key))
        throw equipmentRefusals.notAMetafield(key, type.typeId);
      values.delete(key);
    } else {
      if (!allowed.has(key)) throw equipmentRefusals.notAMetafield(key, type.typeId);
      values.set(key, value);
    }
  }
  if (moved)
    for (const key of values.keys())
      if (!allowed.has(key)) throw equipmentRefusals.notAMetafield(key, type.typeId);
  return inJsonbKeyOrder(Object.fromEntries(values));
}
