import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { maxPageSize, paginationShape, responseMetadataSchema } from "../pagination.js";
import { inspectionSchema } from "../records/inspection.js";
import { timestamp } from "../records/primitives.js";
import { defineMethod } from "./defineMethod.js";
import { eventsPageSize } from "./events.list.js";

/**
 * Parameters of `inspections.list`.
 *
 * @example
 * // The history of one schedule, oldest first
 * const params: InspectionsListParams = { token, equipment_id: "eq_h_0001", schedule_id: "sch_preuse" };
 * @see https://docs.wsafe.dev/methods/inspections.list/
 */
export const inspectionsListParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    equipment_id: z
      .string()
      .min(1)
      .optional()
      .describe("Only the inspections of this equipment of the account. Omitted: every equipment."),
    schedule_id: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Only the inspections of this schedule of `equipment_id`, which it needs beside it (`parameter_invalid` without). The schedule need not exist any more: its history stays.",
      ),
    equipmentType_id: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Only the inspections of equipment of this type when they were inspected. Omitted: every type.",
      ),
    inspector_id: z
      .string()
      .min(1)
      .optional()
      .describe("Only the inspections this user of the account performed."),
    from: timestamp("Only inspections performed at or after this instant.").optional(),
    to: timestamp("Only inspections performed at or before this instant; not before `from`.").optional(),
    limit: paginationShape.limit.describe(
      `Largest number of inspections in this page, 1 to ${maxPageSize}; default ${eventsPageSize}. The answer is always one page and carries \`response_metadata.next_cursor\`. Omitted with a \`cursor\`: the \`limit\` of the walk's first page.`,
    ),
    cursor: paginationShape.cursor,
  })
  .meta({
    id: "InspectionsListParams",
    title: "inspections.list parameters",
    description: "Request data of `inspections.list`.",
  });

/** The result of `inspections.list`. */
export const inspectionsListResultSchema = successEnvelope({
  inspections: z
    .array(inspectionSchema)
    .describe("One page of the inspections, ordered by `performed_at`, then `id`."),
  response_metadata: responseMetadataSchema.describe("Where the walk goes on: always present."),
}).meta({
  id: "InspectionsListResult",
  title: "inspections.list result",
  description: "Success body of `inspections.list`.",
});

/** Request data of `inspections.list`, as a caller writes it. */
export type InspectionsListParams = z.input<typeof inspectionsListParamsSchema>;
/** Success body of `inspections.list`. */
export type InspectionsListResult = z.infer<typeof inspectionsListResultSchema>;

/** Registry entry of `inspections.list`. */
export const inspectionsList = defineMethod({
  name: "inspections.list",
  summary: "Returns the recorded inspections of the account: the certification records, oldest first.",
  description: [
    "Returns the inspections recorded for the token's account through `inspections.record`, ordered by `performed_at`, then `id`, one page at a time (`limit`, default 100, at most 1 000; `response_metadata.next_cursor` is always present). Inspections are kept for good: they are never edited, deleted or pruned, and a late entry stands at its `performed_at`.",
    "Filters: `equipment_id` (with `schedule_id`, one schedule's history), `equipmentType_id` (the type the equipment had when inspected), `inspector_id`, and `from` and `to` on `performed_at`, both included. An `equipment_id`, `equipmentType_id` or `inspector_id` that does not exist or belongs to another account answers `content_not_found`; a `schedule_id` without `equipment_id`, and a `to` before `from`, answer `parameter_invalid`.",
    "A cursor answers `parameter_invalid` when altered, of another account, or with other filters than its walk began with. An inspection recorded during a walk is in a later page when its `performed_at` and `id` come after the page's last.",
  ].join("\n\n"),
  permission: "read",
  params: inspectionsListParamsSchema,
  result: inspectionsListResultSchema,
  ownErrors: ["content_not_found"],
  pagination: {
    order: ["performed_at", "id"],
    filters: ["equipment_id", "schedule_id", "equipmentType_id", "inspector_id", "from", "to"],
  },
  examples: [
    {
      title: "The account's inspections, oldest first, two at a time",
      illustrative: true,
      request: { token: "wsafe-demo-token-read", limit: 2 },
      response: {
        ok: true,
        inspections: [
          {
            id: "insp_3b9e0c1d7a2f4e68",
            equipment_id: "eq_h_0001",
            equipmentType_id: "et_harness",
            schedule_id: "sch_preuse",
            serialNumber: "HN-2020-0001",
            result: "passed",
            performed_at: 1795165200000,
            recorded_at: 1795168800000,
            inspector_id: "u_ada",
            notes: "Webbing, stitching and buckles fine.",
            expiresOn: 1795770000000,
            expiringOn: 1795683600000,
          },
          {
            id: "insp_9a4c2e7b1d0f5368",
            equipment_id: "eq_h_0001",
            equipmentType_id: "et_harness",
            schedule_id: "sch_preuse",
            serialNumber: "HN-2020-0001",
            result: "passed",
            performed_at: 1795770000000,
            recorded_at: 1795770120000,
            inspector_id: "u_katherine",
            notes: null,
            expiresOn: 1796374800000,
            expiringOn: 1796288400000,
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2lhVzV6Y0dWamRHbHZibk11YkdsemRDSXNJ.c2lnbmF0dXJl" },
      },
    },
    {
      title: "The pre-use checks of harness eq_h_0001",
      illustrative: true,
      request: {
        token: "wsafe-demo-token-read",
        equipment_id: "eq_h_0001",
        schedule_id: "sch_preuse",
        limit: 2,
      },
      response: {
        ok: true,
        inspections: [
          {
            id: "insp_3b9e0c1d7a2f4e68",
            equipment_id: "eq_h_0001",
            equipmentType_id: "et_harness",
            schedule_id: "sch_preuse",
            serialNumber: "HN-2020-0001",
            result: "passed",
            performed_at: 1795165200000,
            recorded_at: 1795168800000,
            inspector_id: "u_ada",
            notes: "Webbing, stitching and buckles fine.",
            expiresOn: 1795770000000,
            expiringOn: 1795683600000,
          },
          {
            id: "insp_9a4c2e7b1d0f5368",
            equipment_id: "eq_h_0001",
            equipmentType_id: "et_harness",
            schedule_id: "sch_preuse",
            serialNumber: "HN-2020-0001",
            result: "passed",
            performed_at: 1795770000000,
            recorded_at: 1795770120000,
            inspector_id: "u_katherine",
            notes: null,
            expiresOn: 1796374800000,
            expiringOn: 1796288400000,
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2lhVzV6Y0dWamRHbHZibk11YkdsemRDSXNJ.c2lnbmF0dXJl" },
      },
    },
    {
      title: "An equipment of another account is not found",
      request: { token: "wsafe-demo-token-read", equipment_id: "eq_other_1" },
      response: { ok: false, error: "content_not_found", description: "equipment not found: eq_other_1" },
    },
    {
      title: "A schedule needs its equipment",
      request: { token: "wsafe-demo-token-read", schedule_id: "sch_preuse" },
      response: {
        ok: false,
        error: "parameter_invalid",
        description:
          "invalid parameter: schedule_id: names a schedule of one equipment, so it needs equipment_id beside it",
      },
    },
  ],
});
