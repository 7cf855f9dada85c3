import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { maxPageSize, paginationShape, responseMetadataSchema } from "../pagination.js";
import { eventSchema, eventTypeSchema } from "../records/event.js";
import { timestamp } from "../records/primitives.js";
import { scheduleStatusRulesText } from "../records/status.js";
import { defineMethod } from "./defineMethod.js";

/** How many events a page of `events.list` holds when `limit` is not sent. */
export const eventsPageSize = 100;

/** How long the service keeps recorded events unless its operator says otherwise: 90 days. */
export const defaultEventsRetentionMs = 90 * 24 * 60 * 60 * 1000;

/**
 * Parameters of `events.list`.
 *
 * @example
 * // What falls due in the next 30 days
 * const params: EventsListParams = { token, from: Date.now(), to: Date.now() + 30 * 86_400_000 };
 * @see https://docs.wsafe.dev/methods/events.list/
 */
export const eventsListParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    from: timestamp(
      "The first instant of the window (included). Recorded events are kept for the service's retention (90 days by default): an earlier `from` answers `parameter_invalid`, naming the oldest instant kept.",
    ),
    to: timestamp(
      "The last instant of the window (included); default: the request's instant. Later than now, the answer goes on with the expected transitions as the data stands (`expected: true`): what falls due by then. Not before `from`.",
    ).optional(),
    equipmentType_id: z
      .string()
      .min(1)
      .optional()
      .describe("Only the events of the equipment of this type. Omitted: every type of the account."),
    types: z
      .array(eventTypeSchema)
      .optional()
      .describe(
        "Only events of these types. Omitted or empty: the status types, `schedule.status_changed` and `equipment.status_changed`; the record types (`equipment.created`, `equipment.updated`, `equipment.retired`, `equipmentType.created`, `equipmentType.updated`) come only where named.",
      ),
    // Optional rather than defaulted: a later page without `limit` keeps its walk's.
    limit: paginationShape.limit.describe(
      `Largest number of events in this page, 1 to ${maxPageSize}; default ${eventsPageSize}. The answer is always one page and carries \`response_metadata.next_cursor\`. Omitted with a \`cursor\`: the \`limit\` of the walk's first page.`,
    ),
    cursor: paginationShape.cursor,
  })
  .meta({
    id: "EventsListParams",
    title: "events.list parameters",
    description: "Request data of `events.list`.",
  });

/** The result of `events.list`. */
export const eventsListResultSchema = successEnvelope({
  events: z
    .array(eventSchema)
    .describe("One page of the window's events, ordered by `occurred_at`, then `id`."),
  response_metadata: responseMetadataSchema.describe("Where the walk goes on: always present."),
}).meta({
  id: "EventsListResult",
  title: "events.list result",
  description: "Success body of `events.list`.",
});

/** Request data of `events.list`, as a caller writes it (defaults optional). */
export type EventsListParams = z.input<typeof eventsListParamsSchema>;
/** Success body of `events.list`. */
export type EventsListResult = z.infer<typeof eventsListResultSchema>;

/** Registry entry of `events.list`. */
export const eventsList = defineMethod({
  name: "events.list",
  summary:
    "Returns the status transitions of schedules and equipment in a window of time: those that happened, and those that will as the data stands.",
  description: [
    "Returns the events of the token's account whose `occurred_at` lies in the window from `from` to `to` (both included), ordered by `occurred_at`, then `id`, one page at a time (`limit`, default 100, at most 1 000; `response_metadata.next_cursor` is always present).",
    `An event is a status transition of an inspection schedule (\`schedule.status_changed\`) or of an equipment's overall status (\`equipment.status_changed\`), by the rules \`equipments.list\` computes statuses with: ${scheduleStatusRulesText}. Statuses change with time alone (\`cause: "time"\`: a schedule's \`expiringOn\` or \`expiresOn\` is reached), with imports (\`cause: "import"\`: at the import's instant; an equipment or schedule that appears, or an equipment moved to this type, has \`from: null\`; a schedule the import removes, or an equipment moved to another type, has \`to: null\`) and with inspections recorded through \`inspections.record\` (\`cause: "inspection"\`: at the instant it was recorded, naming it in \`inspection_id\`; a passed one renews the schedule's dates, a failed one expires it). Expected events are all of cause \`time\`: an import or an inspection is known once it happens. Transitions that imported dates place before the import are not history: they did not happen in this store.`,
    'The register\'s writes through the API (`cause: "api"`: `equipments.create`, `equipments.update`, `equipments.retire`, `schedules.set`, `schedules.remove`, `equipmentTypes.create`, `equipmentTypes.update`) change statuses at the instant they are made, as imports do: a schedule added, or an equipment created or moved to this type, has `from: null`; a schedule removed, or an equipment moved to another type or retired, has `to: null`. With `types` naming them, the answer also holds the record events, one per change of a record (`equipment.created`, `equipment.updated`, `equipment.retired`, `equipmentType.created`, `equipmentType.updated`), carrying the record after the change (`equipment` or `equipmentType`) and, on an update, `previous_attributes`; they are never expected. Without `types`, the answer holds the status transitions only, as before record events existed.',
    "The part of the window up to the request's instant holds what happened; the part after it (`to` later than now) holds what is expected as the data stands (`expected: true`, `sequence: null`): with `from` now and `to` 30 days ahead, the answer is what falls due in the next 30 days. An expected event and the same event once it happened have the same `id`.",
    "Applying the events of a window without imports to `equipments.list` at `as_of` its start gives `equipments.list` at `as_of` its end.",
    "`equipmentType_id` keeps the events of that type's equipment (a type that does not exist or belongs to another account answers `content_not_found`); `types` keeps events of those types.",
    "Recorded events are kept for the service's retention (90 days unless its operator set `--events-retention`): an earlier `from` answers `parameter_invalid`, whose description names the oldest instant kept. A `to` before `from` is `parameter_invalid`.",
    "A cursor answers `parameter_invalid` when altered, of another account, or with other `from`, `to`, `equipmentType_id` or `types` than its walk began with. Without `to`, each page's window ends at that page's instant, so a walk that takes a while also gets what happened meanwhile, after the rest.",
  ].join("\n\n"),
  permission: "read",
  params: eventsListParamsSchema,
  result: eventsListResultSchema,
  ownErrors: ["content_not_found"],
  pagination: {
    order: ["occurred_at", "id"],
    filters: ["from", "to", "equipmentType_id", "types"],
  },
  examples: [
    {
      title: "What falls due in the 30 days from 1 December 2026, three at a time",
      request: { token: "wsafe-demo-token-read", from: 1796083200000, to: 1798675200000, limit: 3 },
      response: {
        ok: true,
        events: [
          {
            id: "ev_009b68c30ad3f799190478a8",
            type: "schedule.status_changed",
            occurred_at: 1796083200000,
            cause: "time",
            expected: true,
            equipment_id: "eq_h_0486",
            equipmentType_id: "et_harness",
            schedule_id: "sch_preuse",
            from: "uptodate",
            to: "expiring",
            sequence: null,
          },
          {
            id: "ev_01682de3acf313a459a0dd1b",
            type: "schedule.status_changed",
            occurred_at: 1796083200000,
            cause: "time",
            expected: true,
            equipment_id: "eq_h_1150",
            equipmentType_id: "et_harness",
            schedule_id: "sch_preuse",
            from: "uptodate",
            to: "expiring",
            sequence: null,
          },
          {
            id: "ev_0366b086f5a60ba50894406d",
            type: "equipment.status_changed",
            occurred_at: 1796083200000,
            cause: "time",
            expected: true,
            equipment_id: "eq_h_0871",
            equipmentType_id: "et_harness",
            from: "uptodate",
            to: "expiring",
            sequence: null,
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2laWFpsYm5SekxteHBjM1FpTENK.c2lnbmF0dXJl" },
      },
    },
    {
      title: "Harnesses whose overall status changes in the first week of December 2026",
      request: {
        token: "wsafe-demo-token-read",
        from: 1796083200000,
        to: 1796688000000,
        equipmentType_id: "et_harness",
        types: ["equipment.status_changed"],
        limit: 2,
      },
      response: {
        ok: true,
        events: [
          {
            id: "ev_0366b086f5a60ba50894406d",
            type: "equipment.status_changed",
            occurred_at: 1796083200000,
            cause: "time",
            expected: true,
            equipment_id: "eq_h_0871",
            equipmentType_id: "et_harness",
            from: "uptodate",
            to: "expiring",
            sequence: null,
          },
          {
            id: "ev_03a69b6d566f9180059d5bee",
            type: "equipment.status_changed",
            occurred_at: 1796083200000,
            cause: "time",
            expected: true,
            equipment_id: "eq_h_0357",
            equipmentType_id: "et_harness",
            from: "uptodate",
            to: "expiring",
            sequence: null,
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2laWFpsYm5SekxtbHBjM1FpTENK.c2lnbmF0dXJl" },
      },
    },
    {
      title: "A type of another account is not found",
      request: {
        token: "wsafe-demo-token-read",
        from: 1796083200000,
        to: 1796688000000,
        equipmentType_id: "et_other_account",
      },
      response: {
        ok: false,
        error: "content_not_found",
        description: "equipment type not found: et_other_account",
      },
    },
  ],
});
