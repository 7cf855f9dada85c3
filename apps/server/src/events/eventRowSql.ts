import type { EventCause, EventType } from "@wsafe/schema";
import { statusArraySql } from "../store/queries/equipmentRecordSql.js";

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
  "record",
  "previous_attributes",
] as const;

/** {@link eventColumns} as a select list, optionally of an alias. */
export const eventColumnList = (alias = "") =>
  eventColumns.map((column) => (alias ? `${alias}.${column}` : column)).join(", ");

/** A column of an event as readers get it: every stored one but the account, which the reader named. */
export type EventRowColumn = Exclude<(typeof eventColumns)[number], "account_id">;

/** {@link EventRowColumn}s in the order every reader selects them. */
export const eventRowColumns = eventColumns.filter(
  (column): column is EventRowColumn => column !== "account_id",
);

/** The columns of {@link eventRowColumns} as a select list, as stored (no casts), optionally of an alias. */
export const eventRowColumnList = (alias = "") =>
  eventRowColumns.map((column) => (alias ? `${alias}.${column}` : column)).join(", ");

/**
 * An event row as every reader selects it ({@link EventRow}): the columns of
 * {@link eventRowColumns}, then `sequence`, the two `bigint`s as text (both drivers give
 * text alike, and exactly beyond 2^53).
 *
 * @param alias - the table's alias in the statement, if any
 * @example
 * `SELECT ${eventRowSelect("e")} FROM events e WHERE ...`
 */
export const eventRowSelect = (alias = "") => {
  const of = alias ? `${alias}.` : "";
  const columns = eventRowColumns.map((column) =>
    column === "occurred_at" ? `${of}occurred_at::text AS occurred_at` : `${of}${column}`,
  );
  return [...columns, `${of}sequence::text AS sequence`].join(", ");
};

/** One event as {@link eventRowSelect} answers it; `sequence` null until recorded. */
export interface EventRow {
  id: string;
  type: EventType;
  occurred_at: string;
  cause: EventCause;
  /** Null on an equipment type's record events. */
  equipment_id: string | null;
  equipment_type_id: string;
  schedule_id: string | null;
  from_status: string | null;
  to_status: string | null;
  /** On events of cause `inspection`: the inspection. */
  inspection_id: string | null;
  /** On the record events (`equipment.*`, `equipmentType.*`): the record, as the event carries it. */
  record: Record<string, unknown> | null;
  /** On `*.updated` events: the changed fields as they were. */
  previous_attributes: Record<string, unknown> | null;
  sequence: string | null;
  /** With `withRun`: whether the row follows the page (see `ListEventsInput.withRun`). */
  run?: boolean;
}

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
