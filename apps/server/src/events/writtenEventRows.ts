import { eventCauseRules } from "@wsafe/schema";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { StatusTransition } from "./equipmentTransitions.js";
import { eventIdSql, statusNameSql } from "./eventRowSql.js";
import { statusChangesSql } from "./statusChangesSql.js";

/** A write's cause and key, as its events carry them. */
interface CauseOfRows {
  cause: keyof typeof eventCauseRules;
  key: string;
}

/** The `inspection_id` of a write's events as SQL: its key when its cause's rule names that field. */
const namedRecordSql = (param: SqlParam, change: CauseOfRows) =>
  eventCauseRules[change.cause].names === "inspection_id" ? param(change.key, "text") : "NULL::text";

/**
 * One event a writer computed: a status transition (see `equipmentTransitions`), or a
 * record event (`equipment.*`, `equipmentType.*`), which carries the record and, on an
 * update, the changed fields as they were.
 */
export interface WrittenEvent extends Omit<StatusTransition, "equipmentId"> {
  /** Null on an equipment type's record events. */
  equipmentId: string | null;
  /** The record event's record, as it will be answered. */
  record?: object;
  /** On `*.updated`: the changed fields as they were. */
  previousAttributes?: Record<string, unknown>;
}

/**
 * The event rows a writer computed (status transitions and record events), as a `SELECT`
 * of the columns of `eventColumns` and their numbering order `n`, the order given: one
 * array parameter per column, whatever the number of rows, so the statement's text is the
 * same for every write of its shape (kept prepared). Each id is derived from the cause,
 * the key and what the event is, as a set-based write derives it.
 *
 * @param param - adds a parameter
 * @param change - the write's cause and key
 * @param instant - the write's instant (ms)
 * @param events - in numbering order
 */
export function transitionRowsSql(
  param: SqlParam,
  change: CauseOfRows,
  instant: number,
  events: readonly WrittenEvent[],
): string {
  const at = param(instant, "bigint");
  const cause = param(change.cause, "text");
  const key = param(change.key, "text");
  const id = eventIdSql([
    cause,
    key,
    "c.type",
    "c.equipment_id",
    "c.schedule_id",
    "c.account_id",
    "c.equipment_type_id",
    "c.from_status",
    "c.to_status",
  ]);
  const column = (read: (t: WrittenEvent) => string | null) => param(events.map(read), "text[]");
  const json = (value: object | undefined) => (value === undefined ? null : JSON.stringify(value));
  return `SELECT ${id} AS id, c.account_id, c.type, ${at} AS occurred_at, ${cause} AS cause,
            c.equipment_id, c.equipment_type_id, c.schedule_id, c.from_status, c.to_status,
            ${namedRecordSql(param, change)} AS inspection_id, c.record::jsonb AS record,
            c.previous_attributes::jsonb AS previous_attributes, c.n
       FROM unnest(${[
         column((t) => t.type),
         column((t) => t.equipmentId),
         column((t) => t.accountId),
         column((t) => t.equipmentTypeId),
         column((t) => t.scheduleId),
         column((t) => t.from),
         column((t) => t.to),
         column((t) => json(t.record)),
         column((t) => json(t.previousAttributes)),
       ].join(", ")}) WITH ORDINALITY
         AS c (type, equipment_id, account_id, equipment_type_id, schedule_id, from_status, to_status,
               record, previous_attributes, n)`;
}

/** A set-based write's event rows, and the order they are numbered in. */
export interface ScopedChangeRows {
  /** A `SELECT` of event rows read as `r`. */
  text: string;
  /** The ORDER BY list over `r`: per equipment, what goes first, then by type's order and schedule. */
  order: string;
}

/**
 * The event rows of a set-based write: the differences between the statuses kept before it
 * (`captureStatusesBefore`) and those at its instant after it (`statusChangesSql`).
 *
 * @param param - adds a parameter
 * @param change - the write's cause and key
 * @param instant - the write's instant (ms)
 * @param anyBefore - whether its scope held any status before it
 */
export function scopedChangeRowsSql(
  param: SqlParam,
  change: CauseOfRows,
  instant: number,
  anyBefore: boolean,
): ScopedChangeRows {
  const at = param(instant, "bigint");
  const cause = param(change.cause, "text");
  const from = statusNameSql("c.severity_before");
  const to = statusNameSql("c.severity_at");
  const scheduleId = "nullif(c.schedule_id, '')";
  const key = param(change.key, "text");
  const id = eventIdSql([
    cause,
    key,
    "c.type",
    "c.equipment_id",
    scheduleId,
    "c.account_id",
    "c.equipment_type_id",
    from,
    to,
  ]);
  const text = `SELECT ${id} AS id, c.account_id, c.type, ${at} AS occurred_at, ${cause} AS cause,
              c.equipment_id, c.equipment_type_id, ${scheduleId} AS schedule_id, ${from} AS from_status,
              ${to} AS to_status, ${namedRecordSql(param, change)} AS inspection_id,
              NULL::jsonb AS record, NULL::jsonb AS previous_attributes, c.type_order, c.removed
         FROM (${statusChangesSql(at, anyBefore)}) c`;
  return { text, order: "r.equipment_id, r.removed DESC, r.type_order, r.schedule_id" };
}
