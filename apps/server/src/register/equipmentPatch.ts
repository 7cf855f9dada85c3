import { isDeepStrictEqual } from "node:util";
import { equipmentFields } from "@wsafe/schema";
import { equipmentRecordColumns } from "../store/queries/columns.js";
import type { EquipmentRow } from "../store/queries/equipmentRecordOfRows.js";

/** A stored field of an equipment that `equipments.update` may change. */
export type PatchedField = Exclude<keyof typeof equipmentRecordColumns, "id" | "created" | "version">;

/** The value an update gives each field it names, as the record holds it (`null`: it leaves the field out). */
export type FieldValues = Partial<Record<PatchedField, unknown>>;

/** What an update does to an equipment's stored fields. */
export interface EquipmentPatch {
  /** The row after the update, keyed by column (its `version` as read: the store makes the next). */
  row: EquipmentRow;
  /**
   * Each field the update changes, with its value before, in the record's order: what
   * `equipment.updated` carries as `previous_attributes` (`null` for a field the record
   * did not have). Empty: the update changes nothing.
   */
  previous: Record<string, unknown>;
}

/**
 * The fields an update changes: those whose value it names differs from the stored one
 * (JSON values compared as values: a metavalues object's key order does not matter).
 *
 * @param stored - the equipment's row, keyed by column
 * @param values - the value of each field the update names
 * @example
 * equipmentPatch(row, { isInService: false }).previous; // { isInService: true }, or {} when it was out already
 */
export function equipmentPatch(stored: EquipmentRow, values: FieldValues): EquipmentPatch {
  const row: Record<string, unknown> = { ...stored };
  const previous: Record<string, unknown> = {};
  for (const field of equipmentFields) {
    if (!Object.hasOwn(values, field)) continue;
    const { column } = equipmentRecordColumns[field as PatchedField];
    const before = stored[column] ?? null;
    const after = values[field as PatchedField] ?? null;
    if (isDeepStrictEqual(before, after)) continue;
    row[column] = after;
    previous[field] = before;
  }
  return { row, previous };
}
