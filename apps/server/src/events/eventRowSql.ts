import type { EventCause, EventType } from "@wsafe/schema";
import { statusArraySql } from "../store/queries/equipmentRecordSql.js";

/** The wire type of a schedule's and of an equipment's transition, checked against the schema. */
export const scheduleEventType: EventType = "schedule.status_changed";
/** See {@link scheduleEventType}. */
export const equipmentEventType: EventType = "equipment.status_changed";
/** Causes, checked against the schema. */
export const timeCause: EventCause = "time";
/** See {@link timeCause}. */
export const importCause: EventCause = "import";

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
] as const;

/** {@link eventColumns} as a select list, optionally of an alias. */
export const eventColumnList = (alias = "") =>
  eventColumns.map((column) => (alias ? `${alias}.${column}` : column)).join(", ");

/**
 * The `sequence` of each event a statement inserts, as SQL: numbered on from the largest
 * recorded, in the given order (per equipment: instant, then a schedule's transition
 * before its equipment's). Only a statement that holds the event clock's lock may use
 * it, so no two statements number at once (see migration 0004).
 *
 * @param order - the window's ORDER BY list
 */
export const sequenceSql = (order: string) =>
  `(SELECT coalesce(max(sequence), 0) FROM events) + row_number() OVER (ORDER BY ${order})`;

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
