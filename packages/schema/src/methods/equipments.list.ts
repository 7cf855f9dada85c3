import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { equipmentFieldSchema, equipmentSelectionSchema } from "../records/equipment.js";
import { equipmentStatusRule, scheduleStatusRulesText } from "../records/status.js";
import { defineMethod } from "./defineMethod.js";

/** Which equipment `equipments.list` returns by service state. */
export const serviceTypeSchema = z.enum(["in", "out", "all"]).meta({
  id: "ServiceType",
  description: "`in`: only in-service equipment; `out`: only out-of-service equipment; `all`: both.",
});

/**
 * Parameters of `equipments.list`.
 *
 * @example
 * const params: EquipmentsListParams = { token, equipmentType_id: "et_harness", columns: ["id", "status"] };
 * @see https://docs.wsafe.dev/methods/equipments.list/
 */
export const equipmentsListParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    equipmentType_id: z.string().min(1).describe("Identifier of the equipment type to list."),
    service_type: serviceTypeSchema
      .default("in")
      .describe("`in` (default): only in-service equipment; `out`: only out-of-service; `all`: both."),
    columns: z
      .array(equipmentFieldSchema)
      .optional()
      .describe(
        "Names of the fields to return, in any order; each returned object holds exactly those fields (that the record has), in canonical order. Omitted or empty: all fields.",
      ),
    include_null_metavalues: z
      .boolean()
      .default(false)
      .describe(
        "When true, every unset metafield of the equipment type appears in `metavalues` with `null`.",
      ),
  })
  .meta({
    id: "EquipmentsListParams",
    title: "equipments.list parameters",
    description: "Request data of `equipments.list`.",
  });

/** The result of `equipments.list`. */
export const equipmentsListResultSchema = successEnvelope({
  equipments: z
    .array(equipmentSelectionSchema)
    .describe("The equipment of the type, ordered by `created`, then `id`."),
}).meta({
  id: "EquipmentsListResult",
  title: "equipments.list result",
  description: "Success body of `equipments.list`.",
});

/** Request data of `equipments.list`, as a caller writes it (defaults optional). */
export type EquipmentsListParams = z.input<typeof equipmentsListParamsSchema>;
/** Success body of `equipments.list`. */
export type EquipmentsListResult = z.infer<typeof equipmentsListResultSchema>;

/** Registry entry of `equipments.list`. */
export const equipmentsList = defineMethod({
  name: "equipments.list",
  summary:
    "Returns the equipment of one equipment type, with the status of each equipment and of each inspection schedule.",
  description: [
    "Returns the equipment of the type `equipmentType_id`, ordered by `created` ascending, then `id`; each equipment's schedules are ordered by `schedule_id`.",
    "A type that does not exist or belongs to another account answers `content_not_found`.",
    `Statuses are computed when the request is served, at its instant \`now\`. A schedule's status is given by the first rule that holds: ${scheduleStatusRulesText}. An equipment's status is ${equipmentStatusRule}.`,
    "`service_type` filters on `isInService`: `in` (the default), `out` or `all`.",
    "`columns` limits each record to the named fields, kept in canonical order; `clients_id` and `title` are left out of a record that has none. An unknown field name is `parameter_invalid`.",
    "`include_null_metavalues: true` adds every unset metafield of the type to `metavalues` with `null`.",
  ].join("\n\n"),
  permission: "read",
  params: equipmentsListParamsSchema,
  result: equipmentsListResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "List the in-service harnesses",
      request: { token: "wsafe-demo-token-read", equipmentType_id: "et_harness" },
      response: {
        ok: true,
        equipments: [
          {
            id: "eq_h_0001",
            serialNumber: "HN-2024-0001",
            equipmentType_id: "et_harness",
            created: 1717230000000,
            parent_id: "",
            fieldOffice_id: ["fo_north"],
            lineOfBusiness_id: "lob_construction",
            clients_id: ["cl_city"],
            assignedUsers_id: ["u_ada"],
            title: "Full body harness, size L",
            notes: "Kept in van 3.",
            isInService: true,
            metavalues: { mf_length: 1.8, mf_brand: "Petzl", mf_sites: { item_ids: [4, 7] } },
            status: "expiring",
            schedules: [
              {
                schedule_id: "sch_annual",
                status: "expiring",
                expiresOn: 1798761600000,
                expiringOn: 1793491200000,
                lastCompletedOn: 1767225600000,
              },
              {
                schedule_id: "sch_preuse",
                status: "uptodate",
                expiresOn: 1893456000000,
                expiringOn: 1890777600000,
                lastCompletedOn: 1761955200000,
              },
            ],
          },
        ],
      },
    },
    {
      title: "Only two columns, every service state, unset metafields as null",
      request: {
        token: "wsafe-demo-token-read",
        equipmentType_id: "et_harness",
        service_type: "all",
        columns: ["serialNumber", "metavalues"],
        include_null_metavalues: true,
      },
      response: {
        ok: true,
        equipments: [
          {
            serialNumber: "HN-2024-0001",
            metavalues: { mf_length: 1.8, mf_brand: "Petzl", mf_sites: { item_ids: [4, 7] } },
          },
          {
            serialNumber: "HN-2019-0417",
            metavalues: { mf_length: null, mf_brand: "Miller", mf_sites: null },
          },
        ],
      },
    },
    {
      title: "A type of another account is not found",
      request: { token: "wsafe-demo-token-read", equipmentType_id: "et_other_account" },
      response: {
        ok: false,
        error: "content_not_found",
        description: "equipment type not found: et_other_account",
      },
    },
  ],
});
