import * as z from "zod";
import { datasetEquipmentTypeSchema } from "../dataset.js";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { equipmentTypeSchema } from "../records/equipmentType.js";
import { defineMethod } from "./defineMethod.js";
import { writeToken } from "./registerSamples.js";

/**
 * The fields an equipment type write sets, by the dataset's rules: its `name`, and its
 * `metafields` (each `{ id, name }`, the `id` the key of its value in `metavalues`).
 */
export const equipmentTypeWriteShape = {
  name: datasetEquipmentTypeSchema.shape.name,
  metafields: datasetEquipmentTypeSchema.shape.metafields.describe(
    "The metafields its equipment may set, in the type's order: each `{ id, name }`, the `id` (yours, e.g. `mf_length`) the key of its value in an equipment's `metavalues`, each once. Default none.",
  ),
};

const ownParamsSchema = z.strictObject({ ...requestEnvelopeShape, ...equipmentTypeWriteShape }).meta({
  id: "EquipmentTypesCreateParams",
  title: "equipmentTypes.create parameters",
  description: "Request data of `equipmentTypes.create`.",
});

/** The answer of every write of an equipment type: the type as `equipmentTypes.list` returns it then. */
export const equipmentTypeWriteResultShape = {
  equipmentType: equipmentTypeSchema.describe(
    "The equipment type after the write, as `equipmentTypes.list` returns it.",
  ),
};

/** The result of `equipmentTypes.create`. */
export const equipmentTypesCreateResultSchema = successEnvelope(equipmentTypeWriteResultShape).meta({
  id: "EquipmentTypesCreateResult",
  title: "equipmentTypes.create result",
  description: "Success body of `equipmentTypes.create`.",
});

/** Request data of `equipmentTypes.create`, as a caller writes it (defaults optional). */
export type EquipmentTypesCreateParams = z.input<typeof equipmentTypesCreateParamsSchema>;
/** Success body of `equipmentTypes.create`. */
export type EquipmentTypesCreateResult = z.infer<typeof equipmentTypesCreateResultSchema>;

/** Registry entry of `equipmentTypes.create`. */
export const equipmentTypesCreate = defineMethod({
  name: "equipmentTypes.create",
  summary: "Makes an equipment type with the metafields its equipment may set.",
  description: [
    "Makes an equipment type of the token's account named `name`, with `metafields` (each `{ id, name }`), and answers it as `equipmentTypes.list` returns it, with the `id` the service chose: the `equipmentType_id` of `equipments.create` and `equipments.list`. The rules are the dataset's: a metafield's `id` is yours, the key of its value in an equipment's `metavalues`, and each `id` appears once (`parameter_invalid` naming the second). Names need not be unique.",
    'The write is recorded with its event in one transaction, with `cause: "api"`: `equipmentType.created` carrying the type.',
    "`idempotency_key` makes a retry safe, by the rules of every write: a sync that creates its types retries without making two. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: equipmentTypesCreateResultSchema,
  ownErrors: [],
  examples: [
    {
      title: "A type for the hoists, with two metafields",
      illustrative: true,
      request: {
        token: writeToken,
        name: "Chain hoist",
        metafields: [
          { id: "mf_capacity", name: "Capacity (t)" },
          { id: "mf_lift", name: "Lift (m)" },
        ],
        idempotency_key: "7d3e9b1f-2c6a-4e84-b5f0-8a1c4d7e2b63",
      },
      response: {
        ok: true,
        equipmentType: {
          id: "et_4b8e2d6f1a9c3075",
          name: "Chain hoist",
          metafields: [
            { id: "mf_capacity", name: "Capacity (t)" },
            { id: "mf_lift", name: "Lift (m)" },
          ],
        },
      },
    },
    {
      title: "A metafield id given twice",
      request: {
        token: writeToken,
        name: "Chain hoist",
        metafields: [
          { id: "mf_capacity", name: "Capacity (t)" },
          { id: "mf_capacity", name: "Lift (m)" },
        ],
      },
      response: {
        ok: false,
        error: "parameter_invalid",
        description: "invalid parameter: metafields[1].id: names a metafield named before it; each id once",
      },
    },
  ],
});

/**
 * Parameters of `equipmentTypes.create`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: EquipmentTypesCreateParams = {
 *   token, name: "Chain hoist", metafields: [{ id: "mf_capacity", name: "Capacity (t)" }], idempotency_key: crypto.randomUUID(),
 * };
 * @see https://docs.wsafe.dev/methods/equipmentTypes.create/
 */
export const equipmentTypesCreateParamsSchema = equipmentTypesCreate.params;
