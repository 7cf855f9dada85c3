import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { paginatedResultShape, paginationShape } from "../pagination.js";
import { equipmentFieldSchema, equipmentSelectionSchema } from "../records/equipment.js";
import { timestamp } from "../records/primitives.js";
import { equipmentStatusRule, scheduleStatusRulesText, statusSchema } from "../records/status.js";
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
        "When true, every unset metafield of the equipment type appears in `metavalues` with `null`. Default false.",
      ),
    status: z
      .array(statusSchema)
      .optional()
      .describe(
        "Only equipment whose overall status (at `as_of`) is one of these. Omitted or empty: every status.",
      ),
    as_of: timestamp(
      "The instant the statuses of equipment and schedules are computed at, instead of now: with `status`, which equipment will be expired (or expiring) by then, or was. A walk of pages keeps the instant of its first page.",
    ).optional(),
    ...paginationShape,
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
    .describe("The equipment of the type, ordered by `created`, then `id`: all of it, or one page."),
  ...paginatedResultShape,
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
    `Statuses are computed when the request is served, at its instant \`now\`, or at \`as_of\` when given. A schedule's status is given by the first rule that holds: ${scheduleStatusRulesText}. An equipment's status is ${equipmentStatusRule}.`,
    '`status` keeps only equipment whose overall status is one of those named. With `as_of` it answers the question an audit asks: which equipment will be expired by that date (`status: ["expired"]`, `as_of` the audit\'s instant), or was expired at a past one.',
    "`service_type` filters on `isInService`: `in` (the default), `out` or `all`.",
    "`columns` limits each record to the named fields, kept in canonical order; `clients_id` and `title` are left out of a record that has none. An unknown field name is `parameter_invalid`.",
    "`include_null_metavalues: true` adds every unset metafield of the type to `metavalues` with `null`.",
    'With `limit` or `cursor` the answer is one page of at most `limit` records, in the same order, and `response_metadata.next_cursor` says where the next page starts (`""` after the last). Pages are read by position (keyset), so a page costs the same anywhere in the list, and records imported during a walk are neither repeated nor make it skip one. A walk keeps its first page\'s instant: statuses and the `status` filter do not shift between its pages. A cursor answers `parameter_invalid` when altered, when of another account, or with other `equipmentType_id`, `service_type`, `status` or `as_of` than its walk began with; `columns`, `include_null_metavalues`, `limit` and `pretty` may change between pages.',
  ].join("\n\n"),
  permission: "read",
  params: equipmentsListParamsSchema,
  result: equipmentsListResultSchema,
  ownErrors: ["content_not_found"],
  pagination: {
    order: ["created", "id"],
    filters: ["equipmentType_id", "service_type", "status", "as_of"],
    instant: "as_of",
  },
  examples: [
    {
      title: "The in-service harnesses, two per page",
      request: { token: "wsafe-demo-token-read", equipmentType_id: "et_harness", limit: 2 },
      response: {
        ok: true,
        equipments: [
          {
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
                status: "expired",
                expiresOn: 1784073600000,
                expiringOn: 1783987200000,
                lastCompletedOn: 1783468800000,
                interval: "P1W",
                warning: "P1D",
              },
            ],
            version: 1,
          },
          {
            id: "eq_h_0002",
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
            version: 1,
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2laWEYxYVhCdFpXNTBjeTVzYVhOMElu.c2lnbmF0dXJl" },
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
        limit: 3,
      },
      response: {
        ok: true,
        equipments: [
          {
            serialNumber: "HN-2020-0001",
            metavalues: { mf_length: 1.5, mf_brand: "3M", mf_sites: { item_ids: [2, 6] } },
          },
          {
            serialNumber: "HN-2021-0002",
            metavalues: { mf_length: 2.5, mf_brand: "MSA", mf_sites: { item_ids: [5, 8] } },
          },
          {
            serialNumber: "HN-2022-0003",
            metavalues: { mf_length: 1.5, mf_brand: null, mf_sites: null },
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2laWEYxYVhCdFpXNTBjeTVzYVhOMElu.c2lnbmF0dXJl" },
      },
    },
    {
      title: "Which harnesses will be expired by the audit on 1 January 2027, three per page",
      request: {
        token: "wsafe-demo-token-read",
        equipmentType_id: "et_harness",
        status: ["expired"],
        as_of: 1798761600000,
        columns: ["id", "serialNumber", "status"],
        limit: 3,
      },
      response: {
        ok: true,
        equipments: [
          { id: "eq_h_0001", serialNumber: "HN-2020-0001", status: "expired" },
          { id: "eq_h_0003", serialNumber: "HN-2022-0003", status: "expired" },
          { id: "eq_h_0004", serialNumber: "HN-2023-0004", status: "expired" },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2laWEYxYVhCdFpXNTBjeTVzYVhOMElu.c2lnbmF0dXJl" },
      },
    },
    {
      title: "The first page of two records, and where the next one starts",
      request: {
        token: "wsafe-demo-token-read",
        equipmentType_id: "et_harness",
        limit: 2,
        columns: ["id", "status"],
      },
      response: {
        ok: true,
        equipments: [
          { id: "eq_h_0001", status: "expired" },
          { id: "eq_h_0002", status: "uptodate" },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2laWEYxYVhCdFpXNTBjeTVzYVhOMElu.c2lnbmF0dXJl" },
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
