import { type EventType, eventTypeRules } from "@wsafe/schema";
import type { StatusTransition } from "./equipmentTransitions.js";
import type { WrittenEvent } from "./writtenEventRows.js";

/** The record events (`change: "record"` in `eventTypeRules`). */
export type RecordEventType = {
  [Type in EventType]: (typeof eventTypeRules)[Type]["change"] extends "record" ? Type : never;
}[EventType];

/**
 * One record event a write makes: the equipment or equipment type as written (as it was,
 * on a retirement), and on an update the fields it changed, as they were.
 */
export interface RecordEvent {
  type: RecordEventType;
  accountId: string;
  equipmentTypeId: string;
  /** Null on `equipmentType.*` events, which concern no equipment. */
  equipmentId: string | null;
  /** The `Equipment` (as the write answers it) or the `EquipmentType`. */
  record: object;
  /** On `*.updated`: each changed field as it was (`null` for one the record did not have). */
  previousAttributes?: Record<string, unknown>;
}

/**
 * A write's events in numbering order: its record events and transitions by their type's
 * order in `eventTypeRules` (a record made or changed before the statuses it causes, a
 * retirement after them), the transitions' own order kept within each rank.
 */
export function withRecordEvents(
  records: readonly RecordEvent[],
  transitions: readonly StatusTransition[],
): WrittenEvent[] {
  const rank = (event: WrittenEvent) => {
    const order = eventTypeRules[event.type].order;
    // Transitions keep their place between the records before and after them.
    return event.record === undefined ? 1 : order === 0 ? 0 : 2;
  };
  const events: WrittenEvent[] = [
    ...records.map((record) => ({
      type: record.type,
      equipmentId: record.equipmentId,
      accountId: record.accountId,
      equipmentTypeId: record.equipmentTypeId,
      scheduleId: null,
      from: null,
      to: null,
      record: record.record,
      ...(record.previousAttributes && { previousAttributes: record.previousAttributes }),
    })),
    ...transitions,
  ];
  // Array.prototype.sort is stable: equal ranks keep the order above.
  return events.sort((a, b) => rank(a) - rank(b));
}
