import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { equipmentVersionSchema, externalIdSchema } from "../records/equipmentSettable.js";
import { identifier } from "../records/primitives.js";
import { defineMethod } from "./defineMethod.js";
import { equipmentWriteResultShape } from "./equipments.create.js";
import { equipmentUpdateFields } from "./equipmentWriteFields.js";
import { createdHarness, writeToken } from "./registerSamples.js";

const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    id: identifier(
      "The equipment to change: `id` of an equipment of the account's register. Send it, or `external_id`.",
    ).optional(),
    external_id: externalIdSchema
      .nullable()
      .optional()
      .describe(
        "Without `id`: the equipment to change, by your own key (a key no equipment of the account holds answers `content_not_found`, as an unknown `id` does). With `id`: the key to give that equipment (1 to 255 characters; one another equipment holds answers `external_id_taken`), or `null` to remove its key.",
      ),
    if_version: equipmentVersionSchema
      .optional()
      .describe(
        "Change the equipment only if its `version` is this one: the version you read. Another answers `version_mismatch` and changes nothing. Omitted: the change applies to whatever version is stored.",
      ),
    ...equipmentUpdateFields,
  })
  .meta({
    id: "EquipmentsUpdateParams",
    title: "equipments.update parameters",
    description: "Request data of `equipments.update`.",
  });

/** The result of `equipments.update`. */
export const equipmentsUpdateResultSchema = successEnvelope(equipmentWriteResultShape).meta({
  id: "EquipmentsUpdateResult",
  title: "equipments.update result",
  description: "Success body of `equipments.update`.",
});

/** Request data of `equipments.update`, as a caller writes it. */
export type EquipmentsUpdateParams = z.input<typeof equipmentsUpdateParamsSchema>;
/** Success body of `equipments.update`. */
export type EquipmentsUpdateResult = z.infer<typeof equipmentsUpdateResultSchema>;

const moved = { ...createdHarness, fieldOffice_id: ["fo_north"], assignedUsers_id: ["u_edsger"], version: 2 };

/** Registry entry of `equipments.update`. */
export const equipmentsUpdate = defineMethod({
  name: "equipments.update",
  summary:
    "Changes the fields of one equipment, found by id or by your own key; only the fields sent change.",
  description: [
    "Changes the equipment named by `id`, or by `external_id` without `id` (one of the two is required: neither answers `parameter_missing`), and answers it as `equipments.list` returns it at that instant, with its new `version`. Only the fields sent change: a field not sent keeps its value; `title` and `clients_id` are removed with `null`; `metavalues` is a patch (a key with a value sets it, a key with `null` unsets it, keys not sent keep theirs). Schedules are changed with `schedules.set` and `schedules.remove`.",
    "The values follow the rules of `equipments.create` and of the dataset. `equipmentType_id` moves the equipment to another type of the account: its metavalues after the patch must all be metafields of the new type (`parameter_invalid` naming the first that is not); unset the others in the same request. An equipment moved leaves its type's statuses and joins the new type's at once, and those transitions are recorded with the write. Putting it out of service (`isInService: false`) or back changes no status: it keeps its statuses, which `equipments.list` with `service_type: \"out\"` shows.",
    "`if_version` makes the change conditional (optimistic concurrency): when the stored `version` is another, the answer is `version_mismatch`, whose description names both versions, and nothing changes. Read the equipment again, apply your change to it, and send it with the new version. Of two writers that send the same `if_version`, exactly one succeeds.",
    "With `id`, `external_id` is the key to give the equipment: a key another equipment holds answers `external_id_taken`, naming it and that equipment; `null` removes the key. Without `id`, `external_id` only names the equipment.",
    'A request that changes nothing (every field sent already has its value) answers the equipment as it is, with the same `version`, and records no event. Otherwise the version grows by one and the write is recorded with its events in one transaction, with `cause: "api"`: `equipment.updated` carrying the record and `previous_attributes` (the changed fields as they were), and the status transitions it caused.',
    "An `id` or `external_id` that names no equipment of the account's register (another account's, a retired one, or none) answers `content_not_found`, the same way for both; so does an `equipmentType_id` or an `assignedUsers_id` entry not of the account. `idempotency_key` makes a retry safe, by the rules of every write. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: equipmentsUpdateResultSchema,
  ownErrors: ["content_not_found", "external_id_taken", "version_mismatch"],
  requiresOneOf: ["id", "external_id"],
  examples: [
    {
      title: "The asset system moves its harness to the north office, if nobody changed it since",
      illustrative: true,
      request: {
        token: writeToken,
        external_id: "ERP-HN-0107",
        if_version: 1,
        fieldOffice_id: ["fo_north"],
        assignedUsers_id: ["u_edsger"],
        idempotency_key: "b7c4e2a9-1d3f-4e58-9b06-2a7f8c5d1e34",
      },
      response: { ok: true, equipment: moved },
    },
    {
      title: "Someone changed it first: nothing changes",
      illustrative: true,
      request: { token: writeToken, external_id: "ERP-HN-0107", if_version: 1, isInService: false },
      response: {
        ok: false,
        error: "version_mismatch",
        description:
          "equipment eq_5c1e8a7d2b9f4036 is at version 2, not if_version 1: read it again, apply your change to it and send its version",
      },
    },
    {
      title: "An equipment the operator imported gets the asset system's key",
      illustrative: true,
      request: { token: writeToken, id: "eq_h_0002", external_id: "ERP-HN-0002" },
      response: {
        ok: true,
        equipment: {
          id: "eq_h_0002",
          external_id: "ERP-HN-0002",
          serialNumber: "HN-2021-0002",
          equipmentType_id: "et_harness",
          created: 1701538272000,
          parent_id: "",
          fieldOffice_id: ["fo_north"],
          lineOfBusiness_id: "lob_energy",
          clients_id: ["cl_port"],
          assignedUsers_id: ["u_edsger"],
          title: "Full body harness #2",
          notes: "Check strap wear.",
          isInService: true,
          metavalues: { mf_length: 2.5, mf_brand: "MSA", mf_sites: { item_ids: [5, 8] } },
          status: "uptodate",
          schedules: [],
          version: 2,
        },
      },
    },
    {
      title: "Neither id nor external_id",
      request: { token: writeToken, notes: "Relabelled." },
      response: {
        ok: false,
        error: "parameter_missing",
        description: "missing parameter: id or external_id",
      },
    },
    {
      title: "A key nobody holds answers as an unknown id",
      request: { token: writeToken, external_id: "ERP-NOBODY", notes: "Relabelled." },
      response: { ok: false, error: "content_not_found", description: "equipment not found: ERP-NOBODY" },
    },
  ],
});

/**
 * Parameters of `equipments.update`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: EquipmentsUpdateParams = {
 *   token, external_id: "ERP-HN-0107", if_version: 1, isInService: false, idempotency_key: crypto.randomUUID(),
 * };
 * @see https://docs.wsafe.dev/methods/equipments.update/
 */
export const equipmentsUpdateParamsSchema = equipmentsUpdate.params;
