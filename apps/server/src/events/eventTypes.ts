import { type EventType, eventTypeRules, eventTypes } from "@wsafe/schema";

/** What an event type may be about (`eventTypeRules`' `subject`). */
export type EventSubject = (typeof eventTypeRules)[EventType]["subject"];

/** What a status transition may be about: a schedule or an equipment (an equipment type has no status). */
export type StatusSubject = Exclude<EventSubject, "equipmentType">;

/** The type of the status transitions of `subject`, as the schema's `eventTypeRules` say. */
function statusTypeOf(subject: StatusSubject): EventType {
  const type = eventTypes.find(
    (t) => eventTypeRules[t].subject === subject && eventTypeRules[t].change === "status",
  );
  if (type === undefined) throw new Error(`the schema's eventTypeRules name no status type of a ${subject}`);
  return type;
}

/** The event type of a status transition of each subject, read from the schema's `eventTypeRules`. */
export const statusEventTypes: Readonly<Record<StatusSubject, EventType>> = {
  schedule: statusTypeOf("schedule"),
  equipment: statusTypeOf("equipment"),
};

/**
 * A type's place among one equipment's events of one instant (`eventTypeRules`' `order`):
 * lower first.
 *
 * @param type - the event's type
 */
export const eventTypeOrder = (type: EventType): number => eventTypeRules[type].order;

/**
 * An event row's status type and its place in numbering order as the SQL columns `type`
 * and `type_order`, for statements that make rows of one subject.
 *
 * @param subject - what the rows are about
 * @example
 * `SELECT ${statusTypeColumnsSql("schedule")}, s.schedule_id FROM schedules s`
 */
export function statusTypeColumnsSql(subject: StatusSubject): string {
  const type = statusEventTypes[subject];
  return `'${type}'::text AS type, ${eventTypeOrder(type)} AS type_order`;
}
