import * as z from "zod";
import { identifier, timestamp } from "./primitives.js";
import { apiCauseMeanings, recordEventShape, recordEventTypeMeanings } from "./recordEvents.js";
import { statusSchema } from "./status.js";

/**
 * Every event type of /v1, with what it means: a status that changed. Statuses change
 * with time alone (a schedule's date is reached), with imports, and with inspections
 * recorded through `inspections.record`.
 */
export const eventTypeMeanings = {
  "schedule.status_changed":
    "The status of one inspection schedule changed: its `expiringOn` or `expiresOn` was reached, an import added, changed or removed it, or an inspection recorded for it moved its dates.",
  "equipment.status_changed":
    "The overall status of one equipment changed (the most severe of its schedules' statuses), or an import added the equipment or moved it to another type. An import never removes an equipment: records a file does not name are kept.",
  ...recordEventTypeMeanings,
} as const;

/**
 * What made a status change: every event has exactly one cause.
 */
export const eventCauseMeanings = {
  time: "A date was reached: the instant passed `expiringOn` or `expiresOn` of a schedule. Nobody acted; the status changed with time alone.",
  import:
    "An import changed the records (dates, schedules, equipment or their type), computed at the import's instant.",
  inspection:
    "An inspection recorded through `inspections.record` moved the schedule's dates (a passed one renewed them, a failed one expired the schedule), at the instant it was recorded; the event names it in `inspection_id`.",
  ...apiCauseMeanings,
} as const;

/**
 * The type of an event.
 *
 * @example
 * eventTypeSchema.parse("schedule.status_changed");
 * @see https://docs.wsafe.dev/events/
 */
export const eventTypeSchema = z
  .enum(
    Object.keys(eventTypeMeanings) as [keyof typeof eventTypeMeanings, ...(keyof typeof eventTypeMeanings)[]],
  )
  .meta({
    id: "EventType",
    // Open (1.4.0): the register's writes (issue 49) add record events; a receiver told
    // now accepts them when they come, so adding them is additive.
    description: [
      ...Object.entries(eventTypeMeanings).map(([type, meaning]) => `- \`${type}\`: ${meaning}`),
      "\nAccept a type you do not know: a later minor version may add one, delivered only to webhooks and streams that name it in `types`.",
    ].join("\n"),
  });

/** One of the keys of {@link eventTypeMeanings}, e.g. `schedule.status_changed`. */
export type EventType = z.infer<typeof eventTypeSchema>;

/** Every event type, in the order of {@link eventTypeMeanings}. */
export const eventTypes: readonly EventType[] = eventTypeSchema.options;

/** What an event type is about, and where its events stand among one equipment's events of one instant. */
export interface EventTypeRule {
  /** What an event of the type is about: one schedule (it carries `schedule_id`) or one equipment. */
  readonly subject: "schedule" | "equipment" | "equipmentType";
  /**
   * What the event says of its subject: `status`, a status transition (`from`, `to`);
   * `record`, the record itself written (it carries the record, and `previous_attributes`
   * on an update).
   */
  readonly change: "status" | "record";
  /**
   * Where the type's events stand among one equipment's events of one instant, lowest
   * first: their `sequence` follows it (a schedule's transition before its equipment's,
   * which it causes).
   */
  readonly order: number;
}

/**
 * What each event type is, as data: its subject, what it says and its place among an
 * instant's events. The service records and numbers events by this table, so a new type
 * is a row here and one in {@link eventTypeMeanings} (a type without its rule does not build).
 *
 * @example
 * import { eventTypeRules } from "@wsafe/schema";
 * eventTypeRules["schedule.status_changed"].subject; // "schedule"
 */
export const eventTypeRules = {
  "schedule.status_changed": { subject: "schedule", change: "status", order: 1 },
  "equipment.status_changed": { subject: "equipment", change: "status", order: 2 },
  // A record's creation or change comes before the statuses it causes, its retirement after.
  "equipment.created": { subject: "equipment", change: "record", order: 0 },
  "equipment.updated": { subject: "equipment", change: "record", order: 0 },
  "equipment.retired": { subject: "equipment", change: "record", order: 3 },
  "equipmentType.created": { subject: "equipmentType", change: "record", order: 0 },
  "equipmentType.updated": { subject: "equipmentType", change: "record", order: 0 },
} as const satisfies Record<EventType, EventTypeRule>;

/**
 * The cause of an event. Receivers should accept a cause they do not know: a later minor
 * version of /v1 may add one, as 1.2.0 added `inspection` (the contract snapshot marks the
 * enum open, see `openEnumRecords`).
 *
 * @see https://docs.wsafe.dev/events/
 */
export const eventCauseSchema = z
  .enum(
    Object.keys(eventCauseMeanings) as [
      keyof typeof eventCauseMeanings,
      ...(keyof typeof eventCauseMeanings)[],
    ],
  )
  .meta({
    id: "EventCause",
    description: [
      ...Object.entries(eventCauseMeanings).map(([cause, meaning]) => `- \`${cause}\`: ${meaning}`),
      "",
      "Accept a cause you do not know: a later minor version may add one.",
    ].join("\n"),
  });

/** One of `time`, `import`, `inspection`. */
export type EventCause = z.infer<typeof eventCauseSchema>;

/** What an event of a cause carries besides the event itself. */
export interface EventCauseRule {
  /** The field that names the record whose writing caused the event, or `null` (time, an import). */
  readonly names: "inspection_id" | null;
}

/**
 * What each cause's events carry, as data: an event of cause `inspection` names its
 * inspection in `inspection_id`, the others name no record.
 *
 * @example
 * import { eventCauseRules } from "@wsafe/schema";
 * eventCauseRules.inspection.names; // "inspection_id"
 */
export const eventCauseRules = {
  time: { names: null },
  import: { names: null },
  inspection: { names: "inspection_id" },
  api: { names: null },
} as const satisfies Record<EventCause, EventCauseRule>;

/**
 * One status transition of a schedule or an equipment: one that happened (recorded by
 * the service at its instant), or one that will happen as the data stands (`expected`).
 * An expected event and the same event once it happened have the same `id`.
 *
 * @example
 * import { eventSchema } from "@wsafe/schema";
 * eventSchema.parse({
 *   id: "ev_5d41402abc4b2a76b9719d91", type: "schedule.status_changed", occurred_at: 1793491200000,
 *   cause: "time", expected: true, equipment_id: "eq_h_0001", equipmentType_id: "et_harness",
 *   schedule_id: "sch_annual", from: "uptodate", to: "expiring", sequence: null,
 * });
 * @see https://docs.wsafe.dev/records/event/
 */
export const eventSchema = z
  .object({
    id: identifier(
      "Identifier of the event, stable: an expected event and the same event once it happened have the same `id`; it is also the `webhook-id` of its deliveries.",
    ),
    type: eventTypeSchema,
    occurred_at: timestamp(
      "The instant the status changed (or will change): from this instant on, the status is `to`.",
    ),
    cause: eventCauseSchema,
    expected: z
      .boolean()
      .describe(
        "True when `occurred_at` lies after the request's instant: the transition will happen as the data stands, unless an import changes the dates first.",
      ),
    equipment_id: identifier("The equipment concerned; absent on `equipmentType.*` events.").optional(),
    equipmentType_id: identifier("The equipment type of the equipment concerned."),
    schedule_id: identifier(
      "The inspection schedule concerned: present on `schedule.status_changed` events only.",
    ).optional(),
    from: statusSchema
      .nullable()
      .describe(
        "The status before the change; null when the equipment or schedule first appears (an import added it, or moved it to this type), and on the record events (`equipment.*`, `equipmentType.*`).",
      ),
    to: statusSchema
      .nullable()
      .describe(
        "The status from `occurred_at` on; null when the schedule is gone or the equipment left the type (the schedule was removed, the equipment moved to another type or retired), and on the record events (`equipment.*`, `equipmentType.*`).",
      ),
    inspection_id: identifier(
      "The inspection whose recording caused the change: present on events of cause `inspection` only.",
    ).optional(),
    sequence: z
      .int()
      .min(1)
      .nullable()
      .describe(
        "On a recorded event, an integer strictly increasing per equipment in the order the service recorded its events, so a receiver can order what it gets. Null while the event is not recorded: on expected events, and on one whose instant passed under a second ago and that the service has not written yet.",
      ),
    ...recordEventShape,
  })
  .meta({
    id: "Event",
    title: "Event",
    description:
      "A status transition of an inspection schedule or of an equipment: recorded when it happened, or expected as the data stands.",
  });

/** A status transition, recorded or expected. */
export type Event = z.infer<typeof eventSchema>;
