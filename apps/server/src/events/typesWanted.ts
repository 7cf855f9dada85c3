import { defaultEventTypes, type EventType } from "@wsafe/schema";

/**
 * The event types a reader gets for the `types` it named: those, or, when it named none,
 * the schema's `defaultEventTypes` (the status transitions). The record events reach only
 * a reader that names them, so a receiver built before they existed never meets one; the
 * webhook outbox's trigger says the same of an endpoint made without types (migration 0015).
 *
 * @param types - the types a request or an endpoint named (empty: none)
 * @example
 * typesWanted([]); // ["schedule.status_changed", "equipment.status_changed"]
 */
export function typesWanted(types: readonly EventType[]): readonly EventType[] {
  return types.length > 0 ? types : defaultEventTypes;
}
