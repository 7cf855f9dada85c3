import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { paginatedResultShape, paginationShape } from "../pagination.js";
import { equipmentTypeSchema } from "../records/equipmentType.js";
import { defineMethod } from "./defineMethod.js";

/**
 * Parameters of `equipmentTypes.list`: the envelope, and `limit` / `cursor` to read it in pages.
 *
 * @see https://docs.wsafe.dev/methods/equipmentTypes.list/
 */
export const equipmentTypesListParamsSchema = z
  .strictObject({ ...requestEnvelopeShape, ...paginationShape })
  .meta({
    id: "EquipmentTypesListParams",
    title: "equipmentTypes.list parameters",
    description:
      "Request data of `equipmentTypes.list`: `token`, `pretty`, and `limit` / `cursor` for pages.",
  });

/** The result of `equipmentTypes.list`. */
export const equipmentTypesListResultSchema = successEnvelope({
  equipmentTypes: z
    .array(equipmentTypeSchema)
    .describe(
      "The equipment types of the token's account, ordered by `name`, then `id`: all of them, or one page.",
    ),
  ...paginatedResultShape,
}).meta({
  id: "EquipmentTypesListResult",
  title: "equipmentTypes.list result",
  description: "Success body of `equipmentTypes.list`.",
});

/** Request data of `equipmentTypes.list`. */
export type EquipmentTypesListParams = z.input<typeof equipmentTypesListParamsSchema>;
/** Success body of `equipmentTypes.list`. */
export type EquipmentTypesListResult = z.infer<typeof equipmentTypesListResultSchema>;

/** Registry entry of `equipmentTypes.list`. */
export const equipmentTypesList = defineMethod({
  name: "equipmentTypes.list",
  summary: "Returns the equipment types of the account, each with its metafields.",
  description: [
    "Returns every equipment type of the token's account with the metafields its equipment may set, ordered by `name`, then `id` (both by the byte order of their UTF-8, the same on every store). A type's `id` is what `equipments.list` takes as `equipmentType_id`; a metafield's `id` is its key in an equipment's `metavalues`.",
    'With `limit` or `cursor` the answer is one page of at most `limit` types, in the same order, and `response_metadata.next_cursor` says where the next page starts (`""` after the last).',
  ].join("\n\n"),
  permission: "read",
  params: equipmentTypesListParamsSchema,
  result: equipmentTypesListResultSchema,
  ownErrors: [],
  pagination: { order: ["name", "id"], filters: [] },
  examples: [
    {
      title: "List the equipment types of the account",
      request: { token: "wsafe-demo-token-read" },
      response: {
        ok: true,
        equipmentTypes: [
          {
            id: "et_ladder",
            name: "Extension ladder",
            metafields: [
              { id: "mf_height", name: "Height (m)" },
              { id: "mf_material", name: "Material" },
            ],
          },
          {
            id: "et_extinguisher",
            name: "Fire extinguisher",
            metafields: [
              { id: "mf_agent", name: "Agent" },
              { id: "mf_capacity", name: "Capacity (kg)" },
            ],
          },
          {
            id: "et_harness",
            name: "Full body harness",
            metafields: [
              { id: "mf_length", name: "Length (m)" },
              { id: "mf_brand", name: "Brand" },
              { id: "mf_sites", name: "Sites" },
            ],
          },
          { id: "et_gas_detector", name: "Gas detector", metafields: [] },
        ],
      },
    },
    {
      title: "One type per page",
      request: { token: "wsafe-demo-token-read", limit: 1 },
      response: {
        ok: true,
        equipmentTypes: [
          {
            id: "et_ladder",
            name: "Extension ladder",
            metafields: [
              { id: "mf_height", name: "Height (m)" },
              { id: "mf_material", name: "Material" },
            ],
          },
        ],
        response_metadata: {
          next_cursor: "djEuZXlKdElqb2laWEYxYVhCdFpXNTBWSGx3WlhNdWJHbHpkQ0o5.c2lnbmF0dXJl",
        },
      },
    },
    {
      title: "A cursor that was altered is refused",
      request: { token: "wsafe-demo-token-read", limit: 1, cursor: "not-a-cursor" },
      response: {
        ok: false,
        error: "parameter_invalid",
        description: "invalid parameter: cursor: not a cursor of this walk",
      },
    },
  ],
});
