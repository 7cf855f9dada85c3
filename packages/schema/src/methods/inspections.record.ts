import * as z from "zod";
import { durationWords } from "../durationText.js";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { equipmentSchema } from "../records/equipment.js";
import { inspectionNotesMaxLength, inspectionResultSchema, inspectionSchema } from "../records/inspection.js";
import { defineMethod } from "./defineMethod.js";
import { idempotencyKeyLifetimeMs } from "./idempotencyKey.js";
import { inspectionClockSkewMs } from "./inspectionRules.js";

/** The largest instant a JavaScript date holds (ms): the bound of every date an inspection sets. */
const maxInstant = 8.64e15;

const instant = (description: string) =>
  z.int().min(0).max(maxInstant).describe(`${description} Milliseconds since the Unix epoch.`);

// The method's own parameters; the registry's (`inspectionsRecordParamsSchema`, below)
// add `idempotency_key`, as every write's do.
const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    equipment_id: z.string().min(1).describe("The equipment inspected: `id` of an equipment of the account."),
    schedule_id: z
      .string()
      .min(1)
      .describe(
        "The schedule of that equipment the inspection was for (`schedule_id` of one of its schedules).",
      ),
    result: inspectionResultSchema,
    inspector_id: z
      .string()
      .min(1)
      .describe("The user who performed the inspection: `id` of a user of the account."),
    performed_at: instant(
      `When the inspection was performed; default: the request's instant. Up to ${durationWords(inspectionClockSkewMs)} after the service's clock is accepted (a device's clock running fast); later is \`parameter_invalid\`. Any earlier instant is accepted: an inspection done on paper may be entered later.`,
    ).optional(),
    notes: z
      .string()
      .max(inspectionNotesMaxLength)
      // The database's text cannot hold NUL; nothing a person writes needs it.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly the character refused
      .regex(/^[^\u0000]*$/, { error: "must not contain the NUL character (U+0000)" })
      .optional()
      .describe("What the inspector wrote, at most 10 000 characters (any but NUL)."),
    expiresOn: instant(
      "The next due date the inspector sets, after `performed_at`. Omitted: `performed_at` plus the schedule's `interval`; a schedule without `interval` then answers `parameter_missing` naming `expiresOn`. Passed inspections only.",
    ).optional(),
    expiringOn: instant(
      "From when the schedule counts as expiring, not after `expiresOn`. Omitted: `expiresOn` minus the schedule's `warning`, or `expiresOn` itself when it has none. Passed inspections only.",
    ).optional(),
  })
  .meta({
    id: "InspectionsRecordParams",
    title: "inspections.record parameters",
    description: "Request data of `inspections.record`.",
  });

/** The result of `inspections.record`. */
export const inspectionsRecordResultSchema = successEnvelope({
  inspection: inspectionSchema.describe("The inspection, as recorded."),
  equipment: equipmentSchema.describe(
    "The equipment after the inspection, as `equipments.list` returns it at the instant it was recorded (`recorded_at`): every field, statuses computed at that instant.",
  ),
  late_entry: z
    .boolean()
    .describe(
      "True when the inspection was performed before the schedule's latest (its `lastCompletedOn`, or the `performed_at` of an inspection recorded for it already): it is kept in the history and moved no date, and `inspection.expiresOn` and `expiringOn` are null.",
    ),
}).meta({
  id: "InspectionsRecordResult",
  title: "inspections.record result",
  description: "Success body of `inspections.record`.",
});

/** Request data of `inspections.record`, as a caller writes it (`idempotency_key` included). */
export type InspectionsRecordParams = z.input<typeof inspectionsRecordParamsSchema>;
/** Success body of `inspections.record`. */
export type InspectionsRecordResult = z.infer<typeof inspectionsRecordResultSchema>;

const day = 86_400_000;
// Before any instant the examples are sent at (the precedence suite sends them to a server
// whose clock is the real one): `performed_at` must not lie ahead of the service's clock.
const performedAt = Date.UTC(2026, 10, 20, 9);
// An inspection entered from paper, well before any instant the examples are checked at:
// `performed_at` is checked against the service's own clock.
const paperCheckAt = Date.UTC(2026, 10, 2, 9);

/** Registry entry of `inspections.record`. */
export const inspectionsRecord = defineMethod({
  name: "inspections.record",
  summary:
    "Records an inspection of one schedule of one equipment: the certification record, and the schedule's next dates.",
  description: [
    "Records that the user `inspector_id` inspected the equipment `equipment_id` for its schedule `schedule_id` at `performed_at` (default: the request's instant), with `result` `passed` or `failed`, and answers the inspection as recorded with the equipment as `equipments.list` returns it at that instant. The inspection is the certification record: the date, who inspected, the equipment's identity (`serialNumber`), the result and the next due date. It is never edited or deleted, and not pruned with events; a correction is a new inspection.",
    "A `passed` inspection renews the schedule: `lastCompletedOn` becomes `performed_at`, `expiresOn` the inspector's `expiresOn` or `performed_at` plus the schedule's `interval`, and `expiringOn` the inspector's `expiringOn` or `expiresOn` minus the schedule's `warning` (`expiresOn` itself without one). Durations are added in UTC, a day past the end of a month going to its last day (31 January + `P1M` is the last day of February). A schedule without `interval`, and no `expiresOn` given, answers `parameter_missing` naming `expiresOn`.",
    "A `failed` inspection makes the schedule `expired` from `performed_at` until a passed inspection is recorded: its `expiresOn` (and an `expiringOn` after it) become `performed_at`, and `lastCompletedOn` stays. It takes no `expiresOn` or `expiringOn` (`parameter_invalid`).",
    "An inspection performed before the schedule's latest (its `lastCompletedOn`, or the `performed_at` of an inspection recorded for it already) is a late entry: it is kept in the history and moves no date, and the answer says so (`late_entry: true`, the inspection's `expiresOn` and `expiringOn` null). Two inspections of one schedule recorded at once are both kept, and the schedule's dates are those of the later `performed_at`.",
    "The schedule's changes of status are recorded as events in the same transaction, with `cause: \"inspection\"` and the inspection's `inspection_id`; webhooks and `events.stream` carry them.",
    `\`performed_at\` up to ${durationWords(inspectionClockSkewMs)} after the service's clock is accepted as sent; later is \`parameter_invalid\`. \`expiresOn\` must be after \`performed_at\`, and \`expiringOn\` not after \`expiresOn\` (\`parameter_invalid\`). These are checked with the other parameters, before anything is looked up.`,
    `\`idempotency_key\` makes a retry safe, as Stripe's \`Idempotency-Key\` and the IETF draft on that header do: the key is the account's for ${durationWords(idempotencyKeyLifetimeMs)} from its first use. The same key with the same parameters records nothing and answers the first answer again, byte for byte; a retry that arrives while the first is still being recorded waits for it and gets its answer. The same key with other parameters answers \`idempotency_key_reused\` and records nothing. A request that failed keeps nothing under its key, so it can be sent again once corrected. \`@wsafe/client\` sends a key of its own with each call, the same on every retry.`,
    "Needs a token with the `write` permission. An `equipment_id` and `schedule_id` that name no schedule of the account's equipment answer `content_not_found`, and so does an `inspector_id` that is not a user of the account.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: inspectionsRecordResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "Ada records the passed pre-use check of harness eq_h_0001",
      illustrative: true,
      request: {
        token: "wsafe-demo-token-write",
        equipment_id: "eq_h_0001",
        schedule_id: "sch_preuse",
        result: "passed",
        inspector_id: "u_ada",
        performed_at: performedAt,
        notes: "Webbing, stitching and buckles fine.",
        idempotency_key: "5f0c7a52-2b1e-4d8e-9a3c-6e1f0b7d2c44",
      },
      response: {
        ok: true,
        inspection: {
          id: "insp_3b9e0c1d7a2f4e68",
          equipment_id: "eq_h_0001",
          equipmentType_id: "et_harness",
          schedule_id: "sch_preuse",
          serialNumber: "HN-2020-0001",
          result: "passed",
          performed_at: performedAt,
          recorded_at: performedAt + 3_600_000,
          inspector_id: "u_ada",
          notes: "Webbing, stitching and buckles fine.",
          expiresOn: performedAt + 7 * day,
          expiringOn: performedAt + 6 * day,
        },
        equipment: {
          id: "eq_h_0001",
          serialNumber: "HN-2020-0001",
          equipmentType_id: "et_harness",
          created: 1701475200000,
          parent_id: "",
          fieldOffice_id: ["fo_east"],
          lineOfBusiness_id: "lob_construction",
          assignedUsers_id: [],
          notes: "",
          isInService: true,
          metavalues: { mf_length: 1.5, mf_brand: "3M", mf_sites: { item_ids: [2, 6] } },
          status: "expired",
          schedules: [
            {
              schedule_id: "sch_annual",
              status: "uptodate",
              expiresOn: 1822780800000,
              expiringOn: 1817510400000,
              lastCompletedOn: 1791244800000,
              interval: "P1Y",
              warning: "P2M",
            },
            {
              schedule_id: "sch_monthly",
              status: "expired",
              expiresOn: null,
              expiringOn: null,
              lastCompletedOn: null,
              interval: "P1M",
              warning: "P5D",
            },
            {
              schedule_id: "sch_preuse",
              status: "uptodate",
              expiresOn: performedAt + 7 * day,
              expiringOn: performedAt + 6 * day,
              lastCompletedOn: performedAt,
              interval: "P1W",
              warning: "P1D",
            },
          ],
          version: 2,
        },
        late_entry: false,
      },
    },
    {
      title: "A failed inspection expires the schedule from when it was performed",
      illustrative: true,
      request: {
        token: "wsafe-demo-token-write",
        equipment_id: "eq_h_0001",
        schedule_id: "sch_annual",
        result: "failed",
        inspector_id: "1042",
        performed_at: performedAt,
        notes: "Cut in the dorsal strap: withdrawn from use.",
      },
      response: {
        ok: true,
        inspection: {
          id: "insp_c04d9f2e61b87a35",
          equipment_id: "eq_h_0001",
          equipmentType_id: "et_harness",
          schedule_id: "sch_annual",
          serialNumber: "HN-2020-0001",
          result: "failed",
          performed_at: performedAt,
          recorded_at: performedAt + 3_600_000,
          inspector_id: "1042",
          notes: "Cut in the dorsal strap: withdrawn from use.",
          expiresOn: performedAt,
          expiringOn: performedAt,
        },
        equipment: {
          id: "eq_h_0001",
          serialNumber: "HN-2020-0001",
          equipmentType_id: "et_harness",
          created: 1701475200000,
          parent_id: "",
          fieldOffice_id: ["fo_east"],
          lineOfBusiness_id: "lob_construction",
          assignedUsers_id: [],
          notes: "",
          isInService: true,
          metavalues: { mf_length: 1.5, mf_brand: "3M", mf_sites: { item_ids: [2, 6] } },
          status: "expired",
          schedules: [
            {
              schedule_id: "sch_annual",
              status: "expired",
              expiresOn: performedAt,
              expiringOn: performedAt,
              lastCompletedOn: 1791244800000,
              interval: "P1Y",
              warning: "P2M",
            },
            {
              schedule_id: "sch_monthly",
              status: "expired",
              expiresOn: null,
              expiringOn: null,
              lastCompletedOn: null,
              interval: "P1M",
              warning: "P5D",
            },
            {
              schedule_id: "sch_preuse",
              status: "expired",
              expiresOn: 1784073600000,
              expiringOn: 1783987200000,
              lastCompletedOn: 1783468800000,
              interval: "P1W",
              warning: "P1D",
            },
          ],
          version: 2,
        },
        late_entry: false,
      },
    },
    {
      title: "A schedule of another account's equipment is not found (and its key keeps nothing)",
      request: {
        token: "wsafe-demo-token-write",
        equipment_id: "eq_other_1",
        schedule_id: "sch_annual",
        result: "passed",
        inspector_id: "u_ada",
        idempotency_key: "0d6c1f3e-8a27-4b59-b4e2-9f7a1c3d5e60",
      },
      response: {
        ok: false,
        error: "content_not_found",
        description: "schedule not found: sch_annual of equipment eq_other_1",
      },
    },
    {
      title: "An expiringOn after expiresOn is refused before anything is looked up",
      request: {
        token: "wsafe-demo-token-write",
        equipment_id: "eq_h_0001",
        schedule_id: "sch_preuse",
        result: "passed",
        inspector_id: "u_ada",
        performed_at: paperCheckAt,
        expiresOn: paperCheckAt + 7 * day,
        expiringOn: paperCheckAt + 8 * day,
      },
      response: {
        ok: false,
        error: "parameter_invalid",
        description:
          "invalid parameter: expiringOn: 2026-11-10T09:00:00.000Z (1794301200000) is after expiresOn, 2026-11-09T09:00:00.000Z (1794214800000): a schedule is expiring before it expires",
      },
    },
    {
      title: "A read token cannot record",
      request: {
        token: "wsafe-demo-token-read",
        equipment_id: "eq_h_0001",
        schedule_id: "sch_preuse",
        result: "passed",
        inspector_id: "u_ada",
      },
      response: { ok: false, error: "token_permission", description: "the token lacks the write permission" },
    },
  ],
});

/**
 * Parameters of `inspections.record`, as the registry holds them: `idempotency_key`
 * included.
 *
 * @example
 * const params: InspectionsRecordParams = {
 *   token, equipment_id: "eq_h_0001", schedule_id: "sch_preuse", result: "passed",
 *   inspector_id: "u_ada", idempotency_key: crypto.randomUUID(),
 * };
 * @see https://docs.wsafe.dev/methods/inspections.record/
 */
export const inspectionsRecordParamsSchema = inspectionsRecord.params;
