import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { identifier } from "../records/primitives.js";
import { defineMethod } from "./defineMethod.js";
import { equipmentTypeWriteResultShape, equipmentTypeWriteShape } from "./equipmentTypes.create.js";
import { writeToken } from "./registerSamples.js";

const ownParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    id: identifier("The equipment type to change: `id` of an equipment type of the account."),
    name: equipmentTypeWriteShape.name.optional().describe("The type's new name. Not sent: unchanged."),
    metafields: equipmentTypeWriteShape.metafields
      .unwrap()
      .optional()
      .describe(
        "The type's metafields, the whole list in the type's order: a metafield sent with the `id` of one the type has keeps its values under a new `name`; a new `id` adds one; an `id` left out removes it, refused with `metafield_in_use` while an equipment of the register sets it. Not sent: unchanged.",
      ),
  })
  .meta({
    id: "EquipmentTypesUpdateParams",
    title: "equipmentTypes.update parameters",
    description: "Request data of `equipmentTypes.update`.",
  });

/** The result of `equipmentTypes.update`. */
export const equipmentTypesUpdateResultSchema = successEnvelope(equipmentTypeWriteResultShape).meta({
  id: "EquipmentTypesUpdateResult",
  title: "equipmentTypes.update result",
  description: "Success body of `equipmentTypes.update`.",
});

/** Request data of `equipmentTypes.update`, as a caller writes it. */
export type EquipmentTypesUpdateParams = z.input<typeof equipmentTypesUpdateParamsSchema>;
/** Success body of `equipmentTypes.update`. */
export type EquipmentTypesUpdateResult = z.infer<typeof equipmentTypesUpdateResultSchema>;

/** Registry entry of `equipmentTypes.update`. */
export const equipmentTypesUpdate = defineMethod({
  name: "equipmentTypes.update",
  summary: "Renames an equipment type or changes its metafields.",
  description: [
    "Changes the equipment type `id` of the token's account and answers it as `equipmentTypes.list` returns it. Only what is sent changes: `name`, and `metafields`, the whole new list in the type's order (each `id` once, `parameter_invalid` naming the second). A metafield kept by its `id` keeps every equipment's value, whatever its new `name`; a metafield left out is removed.",
    "A metafield still set on some equipment of the register (retired equipment does not count) cannot be removed: the answer is `metafield_in_use`, whose description names the metafield and one equipment that sets it, and nothing changes. Unset it first (`equipments.update` with `metavalues: { <id>: null }`), then remove it.",
    'A request that changes nothing records no event. Otherwise the change is recorded with its event in one transaction, with `cause: "api"`: `equipmentType.updated` carrying the type and `previous_attributes` (the changed fields as they were). Statuses do not depend on metafields: no status changes.',
    "An `id` that is not a type of the account answers `content_not_found`. `idempotency_key` makes a retry safe, by the rules of every write. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: equipmentTypesUpdateResultSchema,
  ownErrors: ["content_not_found", "metafield_in_use"],
  examples: [
    {
      title: "The harnesses get a metafield for their size",
      illustrative: true,
      request: {
        token: writeToken,
        id: "et_harness",
        metafields: [
          { id: "mf_length", name: "Length (m)" },
          { id: "mf_brand", name: "Brand" },
          { id: "mf_sites", name: "Sites" },
          { id: "mf_size", name: "Size" },
        ],
        idempotency_key: "2f8a5c1e-b3d7-4906-9e2a-6d4b1c8f3a70",
      },
      response: {
        ok: true,
        equipmentType: {
          id: "et_harness",
          name: "Full body harness",
          metafields: [
            { id: "mf_length", name: "Length (m)" },
            { id: "mf_brand", name: "Brand" },
            { id: "mf_sites", name: "Sites" },
            { id: "mf_size", name: "Size" },
          ],
        },
      },
    },
    {
      title: "A metafield still set on a harness cannot be removed",
      request: {
        token: writeToken,
        id: "et_harness",
        metafields: [
          { id: "mf_length", name: "Length (m)" },
          { id: "mf_sites", name: "Sites" },
        ],
      },
      response: {
        ok: false,
        error: "metafield_in_use",
        description:
          "metafield mf_brand of equipment type et_harness is set on equipment eq_h_0001 (and maybe others): unset it there first (equipments.update with metavalues: { mf_brand: null }), or keep it in metafields",
      },
    },
    {
      title: "A type of another account is not found",
      request: { token: writeToken, id: "et_other_account", name: "Mine now" },
      response: {
        ok: false,
        error: "content_not_found",
        description: "equipment type not found: et_other_account",
      },
    },
  ],
});

/**
 * Parameters of `equipmentTypes.update`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: EquipmentTypesUpdateParams = { token, id: "et_harness", name: "Harness", idempotency_key: crypto.randomUUID() };
 * @see https://docs.wsafe.dev/methods/equipmentTypes.update/
 */
export const equipmentTypesUpdateParamsSchema = equipmentTypesUpdate.params;
