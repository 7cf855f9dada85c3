import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { identifier } from "../records/primitives.js";
import { defineMethod } from "./defineMethod.js";
import { equipmentWriteResultShape } from "./equipments.create.js";
import { createdHarness, harnessAnnual, writeToken } from "./registerSamples.js";

const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    equipment_id: identifier("The equipment: `id` of an equipment of the account's register."),
    schedule_id: identifier("The schedule of that equipment to remove."),
  })
  .meta({
    id: "SchedulesRemoveParams",
    title: "schedules.remove parameters",
    description: "Request data of `schedules.remove`.",
  });

/** The result of `schedules.remove`. */
export const schedulesRemoveResultSchema = successEnvelope(equipmentWriteResultShape).meta({
  id: "SchedulesRemoveResult",
  title: "schedules.remove result",
  description: "Success body of `schedules.remove`.",
});

/** Request data of `schedules.remove`, as a caller writes it. */
export type SchedulesRemoveParams = z.input<typeof schedulesRemoveParamsSchema>;
/** Success body of `schedules.remove`. */
export type SchedulesRemoveResult = z.infer<typeof schedulesRemoveResultSchema>;

/** Registry entry of `schedules.remove`. */
export const schedulesRemove = defineMethod({
  name: "schedules.remove",
  summary: "Removes an inspection schedule from an equipment; its inspections are kept.",
  description: [
    "Removes the schedule `schedule_id` from the equipment `equipment_id` and answers the equipment as `equipments.list` returns it at that instant, with its new `version`. The inspections recorded for the schedule are the certification record and are kept (`inspections.list` still returns them); `schedules.set` with the same `schedule_id` later starts a new schedule, whose history they are.",
    "The removal is recorded with its events in one transaction, with `cause: \"api\"`: `equipment.updated` (`previous_attributes.schedules` the schedules as they were), the schedule's last transition (`to: null`) and the equipment's, when its status changes.",
    "An `equipment_id` that names no equipment of the account's register, or a `schedule_id` it does not have (removed already, or never), answers `content_not_found`; a retry with the same `idempotency_key` answers the first answer instead. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: schedulesRemoveResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "The monthly check is dropped again",
      illustrative: true,
      request: {
        token: writeToken,
        equipment_id: "eq_5c1e8a7d2b9f4036",
        schedule_id: "sch_monthly",
        idempotency_key: "e4b1a7c3-9d2f-4a68-b5e0-3c8d1f6a2b95",
      },
      response: { ok: true, equipment: { ...createdHarness, schedules: [harnessAnnual], version: 3 } },
    },
    {
      title: "A schedule the equipment does not have",
      request: { token: writeToken, equipment_id: "eq_h_0002", schedule_id: "sch_annual" },
      response: {
        ok: false,
        error: "content_not_found",
        description: "schedule not found: sch_annual of equipment eq_h_0002",
      },
    },
  ],
});

/**
 * Parameters of `schedules.remove`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: SchedulesRemoveParams = {
 *   token, equipment_id: "eq_h_0001", schedule_id: "sch_monthly", idempotency_key: crypto.randomUUID(),
 * };
 * @see https://docs.wsafe.dev/methods/schedules.remove/
 */
export const schedulesRemoveParamsSchema = schedulesRemove.params;
