import type { EventCause, EventType } from "@wsafe/schema";
import { notificationChannels } from "../store/database/notificationChannels.js";
import { statusArraySql } from "../store/queries/equipmentRecordSql.js";

/**
 * The kind each statement of events/ numbers a transition row with, keyed by the wire
 * types of the schema's table (`eventTypeMeanings`) and checked against it at compile
 * time: a type added to the schema without its kind here does not build. Within an
 * instant, an equipment's rows are recorded in kind order: a schedule's transition before
 * the equipment's that it causes.
 */
export const eventKinds = {
  "schedule.status_changed": 0,
  "equipment.status_changed": 1,
} as const satisfies Record<EventType, number>;

/** The wire type of a row's kind (see {@link eventKinds}) as SQL. */
export const eventTypeSql = (kind: string) =>
  `(CASE ${kind} ${Object.entries(eventKinds)
    .map(([type, number]) => `WHEN ${number} THEN '${type}'`)
    .join(" ")} END)::text`;

/** The notification channel on which a commit that recorded events says so. */
export const eventsChannel = notificationChannels.events.name;

/** The cause of the events time records, checked against the schema. */
export const timeCause: EventCause = "time";

/**
 * The columns of an event row, in the order every statement of events/ selects them:
 * what `events` stores, less `sequence` (see {@link sequenceSql}).
 */
export const eventColumns = [
  "id",
  "account_id",
  "type",
  "occurred_at",
  "cause",
  "equipment_id",
  "equipment_type_id",
  "schedule_id",
  "from_status",
  "to_status",
  "inspection_id",
] as const;

/** {@link eventColumns} as a select list, optionally of an alias. */
export const eventColumnList = (alias = "") =>
  eventColumns.map((column) => (alias ? `${alias}.${column}` : column)).join(", ");

/**
 * The name of a severity (an index of `statusesBySeverity`) as SQL; NULL stays NULL
 * (an equipment or schedule that is not there).
 */
export const statusNameSql = (severity: string) => `${statusArraySql}[${severity} + 1]`;

/**
 * A stable event id as SQL: `ev_` and 24 hex digits of an MD5 of what the event is, so
 * the same transition always gets the same id, whoever computes it and whenever (an
 * expected event and the same event once recorded; N servers recording it at once).
 * MD5 names, it does not protect: nothing secret goes in, and the id is public.
 *
 * @param parts - SQL expressions of text, each a part of what the event is
 */
export function eventIdSql(parts: readonly string[]): string {
  // In the "C" collation of the stored ids, so computed and recorded ids sort alike.
  return `('ev_' || left(md5(concat_ws('|', ${parts.map((part) => `coalesce(${part}, '-')`).join(", ")})), 24)) COLLATE "C"`;
}
