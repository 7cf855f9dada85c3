import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { identifier } from "../records/primitives.js";
import { scheduleDatesSchema } from "../records/schedule.js";
import { defineMethod } from "./defineMethod.js";
import { equipmentWriteResultShape } from "./equipments.create.js";
import { createdHarness, harnessAnnual, writeToken } from "./registerSamples.js";

const dates = scheduleDatesSchema.shape;

const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    equipment_id: identifier("The equipment: `id` of an equipment of the account's register."),
    schedule_id: dates.schedule_id.describe(
      "The schedule of that equipment to add or change (`schedule_id`, e.g. `sch_annual`).",
    ),
    interval: dates.interval
      .unwrap()
      .nullable()
      .optional()
      .describe(
        "How often the inspection falls due, an ISO 8601 calendar duration (`P1Y`, `P6M`, `P1W`); `null` removes it (the inspector then gives `expiresOn` each time). Not sent: unchanged (none on a new schedule).",
      ),
    warning: dates.warning
      .unwrap()
      .nullable()
      .optional()
      .describe(
        "How long before `expiresOn` the schedule counts as expiring (`P2M`, `P1D`, or `P0D`); `null` removes it. Not sent: unchanged (none on a new schedule).",
      ),
    expiresOn: dates.expiresOn
      .optional()
      .describe(
        "When the inspection expires, in ms since the Unix epoch; `null`: expired until a passed inspection is recorded. Not sent: unchanged (null on a new schedule, which is expired until its first passed inspection, whatever its dates).",
      ),
    expiringOn: dates.expiringOn
      .optional()
      .describe(
        "From when the schedule counts as expiring, not after `expiresOn` (else `parameter_invalid`). Not sent: unchanged (null on a new schedule).",
      ),
  })
  .meta({
    id: "SchedulesSetParams",
    title: "schedules.set parameters",
    description: "Request data of `schedules.set`.",
  });

/** The result of `schedules.set`. */
export const schedulesSetResultSchema = successEnvelope(equipmentWriteResultShape).meta({
  id: "SchedulesSetResult",
  title: "schedules.set result",
  description: "Success body of `schedules.set`.",
});

/** Request data of `schedules.set`, as a caller writes it. */
export type SchedulesSetParams = z.input<typeof schedulesSetParamsSchema>;
/** Success body of `schedules.set`. */
export type SchedulesSetResult = z.infer<typeof schedulesSetResultSchema>;

/** Registry entry of `schedules.set`. */
export const schedulesSet = defineMethod({
  name: "schedules.set",
  summary: "Adds an inspection schedule to an equipment, or changes its rules or due dates.",
  description: [
    "Adds the schedule `schedule_id` to the equipment `equipment_id`, or changes it when the equipment has it, and answers the equipment as `equipments.list` returns it at that instant, with its new `version`. Only what is sent changes: `interval` and `warning` (ISO 8601 calendar durations; `null` removes one), `expiresOn` and `expiringOn` (`null` makes the schedule expired). `lastCompletedOn` is the last passed inspection's and is set only by `inspections.record` (or an import). A new schedule starts with what is sent and nothing else: never completed, it is expired (the status rules) until its first passed inspection is recorded, whatever its dates; an equipment whose history began elsewhere brings its schedules' last completions with `equipments.create` or an import.",
    "The dates after the change must keep `expiringOn` not after `expiresOn`: sent together, they are checked with the other parameters; one sent alone is checked against the stored other (`parameter_invalid`). A changed `interval` or `warning` moves no date: it counts from the next passed inspection. Several cycles per equipment (an annual inspection beside a monthly calibration) are several schedules.",
    'A request that changes nothing answers the equipment with the same `version` and records no event. Otherwise the change is recorded with its events in one transaction, with `cause: "api"`: `equipment.updated` (`previous_attributes.schedules` the schedules as they were) and the status transitions it caused (a new schedule\'s first, `from: null`).',
    "An `equipment_id` that names no equipment of the account's register answers `content_not_found`. `idempotency_key` makes a retry safe, by the rules of every write. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: schedulesSetResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title:
        "The harness gets a monthly check beside its annual inspection: expired until its first passed check is recorded",
      illustrative: true,
      request: {
        token: writeToken,
        equipment_id: "eq_5c1e8a7d2b9f4036",
        schedule_id: "sch_monthly",
        interval: "P1M",
        warning: "P5D",
        expiresOn: 1798761600000,
        expiringOn: 1798329600000,
        idempotency_key: "c1d8e5f2-6a3b-4d97-a0e4-5b2c9f7e1d83",
      },
      response: {
        ok: true,
        equipment: {
          ...createdHarness,
          status: "expired",
          schedules: [
            harnessAnnual,
            {
              schedule_id: "sch_monthly",
              status: "expired",
              expiresOn: 1798761600000,
              expiringOn: 1798329600000,
              lastCompletedOn: null,
              interval: "P1M",
              warning: "P5D",
            },
          ],
          version: 2,
        },
      },
    },
    {
      title: "An expiringOn after expiresOn is refused before anything is looked up",
      request: {
        token: writeToken,
        equipment_id: "eq_h_0001",
        schedule_id: "sch_annual",
        expiresOn: 1798761600000,
        expiringOn: 1799971200000,
      },
      response: {
        ok: false,
        error: "parameter_invalid",
        description:
          "invalid parameter: expiringOn: is after expiresOn: a schedule is expiring before it expires (set expiringOn to expiresOn or earlier)",
      },
    },
    {
      title: "An equipment of another account is not found",
      request: { token: writeToken, equipment_id: "eq_other_1", schedule_id: "sch_annual", interval: "P1Y" },
      response: { ok: false, error: "content_not_found", description: "equipment not found: eq_other_1" },
    },
  ],
});

/**
 * Parameters of `schedules.set`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: SchedulesSetParams = {
 *   token, equipment_id: "eq_h_0001", schedule_id: "sch_annual", interval: "P6M", idempotency_key: crypto.randomUUID(),
 * };
 * @see https://docs.wsafe.dev/methods/schedules.set/
 */
export const schedulesSetParamsSchema = schedulesSet.params;
