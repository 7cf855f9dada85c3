import type { Equipment, EquipmentChange } from "@wsafe/schema";

/**
 * Applies one answer of `equipments.changes` to a copy of the register, as its
 * description tells a client to: each `equipment` put under its `id`, each `id` whose
 * `equipment` is null deleted. A copy that applied every answer from no cursor, in order,
 * equals {@link registerOf} of `equipments.list` at the instant of its last answer.
 *
 * @param mirror - the copy, keyed by equipment id (changed in place)
 * @param answer - a success body of `equipments.changes`
 * @returns the copy
 * @example
 * const mirror = new Map<string, Equipment>();
 * applyChanges(mirror, await feed());
 */
export function applyChanges(
  mirror: Map<string, Equipment>,
  answer: { readonly changes: readonly EquipmentChange[] },
): Map<string, Equipment> {
  for (const { id, equipment } of answer.changes) {
    if (equipment === null) mirror.delete(id);
    else mirror.set(id, equipment);
  }
  return mirror;
}

/**
 * A copy of the register in a form two copies compare in whatever order they were
 * filled: its records by id, sorted.
 *
 * @param records - the equipment records, e.g. of `equipments.list` over every type
 */
export function registerOf(records: Iterable<Equipment>): Record<string, Equipment> {
  return Object.fromEntries(
    [...records]
      .map((record) => [record.id, record] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
