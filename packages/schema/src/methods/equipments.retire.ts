import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { externalIdSchema } from "../records/equipmentSettable.js";
import { identifier, timestamp } from "../records/primitives.js";
import { defineMethod } from "./defineMethod.js";
import { equipmentWriteResultShape } from "./equipments.create.js";
import { createdHarness, writeToken } from "./registerSamples.js";

const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    id: identifier(
      "The equipment to retire: `id` of an equipment of the account. Send it or `external_id`, not both.",
    ).optional(),
    external_id: externalIdSchema
      .optional()
      .describe(
        "The equipment to retire, by your own key. A key no equipment of the account holds answers `content_not_found`, as an unknown `id` does.",
      ),
  })
  .meta({
    id: "EquipmentsRetireParams",
    title: "equipments.retire parameters",
    description: "Request data of `equipments.retire`.",
  });

/** The result of `equipments.retire`. */
export const equipmentsRetireResultSchema = successEnvelope({
  equipment: equipmentWriteResultShape.equipment.describe(
    "The equipment as it was when it was retired, as `equipments.list` returned it at that instant: every field, its last `version` (one more than before the retirement), statuses computed at that instant.",
  ),
  retired_at: timestamp("When the equipment was retired: the first retirement's instant, on a repeat."),
}).meta({
  id: "EquipmentsRetireResult",
  title: "equipments.retire result",
  description: "Success body of `equipments.retire`.",
});

/** Request data of `equipments.retire`, as a caller writes it. */
export type EquipmentsRetireParams = z.input<typeof equipmentsRetireParamsSchema>;
/** Success body of `equipments.retire`. */
export type EquipmentsRetireResult = z.infer<typeof equipmentsRetireResultSchema>;

const retiredAt = 1796284800000;

/** Registry entry of `equipments.retire`. */
export const equipmentsRetire = defineMethod({
  name: "equipments.retire",
  summary: "Takes an equipment out of the register for good, keeping its inspections.",
  description: [
    "Retires the equipment named by `id` or by `external_id` (exactly one: neither is `parameter_missing`, both `parameter_invalid`) and answers it as it was at that instant, with `retired_at`. A retired equipment leaves every list (`equipments.list` with any `service_type`) and its type's statuses; `equipments.changes` reports its id with `equipment: null`. Its inspections are the certification record and are kept: `inspections.list` still returns them. It cannot be changed, inspected or given schedules any more (`content_not_found`), and it cannot come back: a scrapped ladder is a record of the past. To take an equipment out of use for a while, set `isInService: false` with `equipments.update`.",
    "Retiring an equipment that is retired already answers the first answer again (the equipment as it was then, the same `retired_at`) and changes nothing. Its `external_id` is freed at once, for a new equipment to take; retiring again by that key answers the first answer as long as no equipment of the register has taken it since.",
    "The retirement is recorded with its events in one transaction, with `cause: \"api\"`: `equipment.retired` carrying the record as it was, and the equipment's and each schedule's last transition (`to: null`).",
    "An `id` or `external_id` that names no equipment of the account (another account's, or none) answers `content_not_found`, the same way for both. `idempotency_key` makes a retry safe, by the rules of every write. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: equipmentsRetireResultSchema,
  ownErrors: ["content_not_found"],
  requiresOneOf: ["id", "external_id"],
  examples: [
    {
      title: "The asset system scraps its harness",
      illustrative: true,
      request: {
        token: writeToken,
        external_id: "ERP-HN-0107",
        idempotency_key: "9a2f6d1b-4c8e-4b37-8e5a-1f0c7d3b6a29",
      },
      response: {
        ok: true,
        equipment: {
          ...createdHarness,
          fieldOffice_id: ["fo_north"],
          assignedUsers_id: ["u_edsger"],
          version: 3,
        },
        retired_at: retiredAt,
      },
    },
    {
      title: "By id and by external_id at once",
      request: { token: writeToken, id: "eq_h_0001", external_id: "ERP-HN-0001" },
      response: {
        ok: false,
        error: "parameter_invalid",
        description: "invalid parameter: external_id: name the equipment by id or by external_id, not both",
      },
    },
    {
      title: "An equipment of another account is not found",
      request: { token: writeToken, id: "eq_other_1" },
      response: { ok: false, error: "content_not_found", description: "equipment not found: eq_other_1" },
    },
  ],
});

/**
 * Parameters of `equipments.retire`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: EquipmentsRetireParams = { token, external_id: "ERP-HN-0107", idempotency_key: crypto.randomUUID() };
 * @see https://docs.wsafe.dev/methods/equipments.retire/
 */
export const equipmentsRetireParamsSchema = equipmentsRetire.params;
