import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { equipmentSchema } from "../records/equipment.js";
import { defineMethod } from "./defineMethod.js";
import { equipmentCreateFields } from "./equipmentWriteFields.js";
import { createdHarness, writeToken } from "./registerSamples.js";

const ownParamsSchema = z.strictObject({ ...requestEnvelopeShape, ...equipmentCreateFields }).meta({
  id: "EquipmentsCreateParams",
  title: "equipments.create parameters",
  description: "Request data of `equipments.create`.",
});

/** The answer of every write of one equipment: the equipment as `equipments.list` returns it then. */
export const equipmentWriteResultShape = {
  equipment: equipmentSchema.describe(
    "The equipment after the write, as `equipments.list` returns it at the write's instant: every field, its new `version`, statuses computed at that instant.",
  ),
};

/** The result of `equipments.create`. */
export const equipmentsCreateResultSchema = successEnvelope(equipmentWriteResultShape).meta({
  id: "EquipmentsCreateResult",
  title: "equipments.create result",
  description: "Success body of `equipments.create`.",
});

/** Request data of `equipments.create`, as a caller writes it (defaults optional). */
export type EquipmentsCreateParams = z.input<typeof equipmentsCreateParamsSchema>;
/** Success body of `equipments.create`. */
export type EquipmentsCreateResult = z.infer<typeof equipmentsCreateResultSchema>;

/** Registry entry of `equipments.create`. */
export const equipmentsCreate = defineMethod({
  name: "equipments.create",
  summary: "Adds an equipment to the register, with its schedules, under your own key if you have one.",
  description: [
    'Adds an equipment of the type `equipmentType_id` to the account\'s register and answers it as `equipments.list` returns it at that instant (`version` 1, `created` the instant it was made, an `id` the service chose). It takes every field a dataset sets on an equipment, by the same rules (an import and the API accept the same values): `serialNumber` is required; the rest default to none (`notes`, `parent_id` and `lineOfBusiness_id` `""`, the lists empty, `isInService` true).',
    "`external_id` is your own key for the record: the id in the asset system that owns it. It is unique among the equipment of the account's register: a key another equipment holds answers `external_id_taken`, whose description names it and that equipment's `id` (a sync that lost track of what it created finds it there; `equipments.update` by `external_id` changes it). A retired equipment frees its key.",
    "`metavalues` must be metafields of the type (another key answers `parameter_invalid`, naming it). `schedules` come with their dates as an import gives them, the last completion included, so an equipment whose inspections began elsewhere keeps its due dates; each `schedule_id` once, `expiringOn` not after `expiresOn` (`parameter_invalid`). `parent_id` is your reference, kept and not looked up, as an import keeps it. A text holding U+0000 is `parameter_invalid`.",
    "An `equipmentType_id` that is not a type of the account, or an `assignedUsers_id` entry that is not a user of it, answers `content_not_found`.",
    "The write is recorded with its events in one transaction, with `cause: \"api\"`: `equipment.created` carrying the record, and the equipment's and each schedule's first status (`from: null`).",
    "`idempotency_key` makes a retry safe, by the rules of every write: the same key and parameters answer the first answer again and create nothing more. Needs a token with the `write` permission.",
  ].join("\n\n"),
  permission: "write",
  params: ownParamsSchema,
  result: equipmentsCreateResultSchema,
  ownErrors: ["content_not_found", "external_id_taken"],
  examples: [
    {
      title: "The asset system adds the harness it bought, with its last inspection",
      illustrative: true,
      request: {
        token: writeToken,
        external_id: "ERP-HN-0107",
        equipmentType_id: "et_harness",
        serialNumber: "HN-2026-0107",
        title: "Full body harness #107",
        fieldOffice_id: ["fo_east"],
        lineOfBusiness_id: "lob_construction",
        assignedUsers_id: ["u_ada"],
        metavalues: { mf_length: 1.5, mf_brand: "Petzl" },
        schedules: [
          {
            schedule_id: "sch_annual",
            expiresOn: 1827360000000,
            expiringOn: 1822089600000,
            lastCompletedOn: 1795824000000,
            interval: "P1Y",
            warning: "P2M",
          },
        ],
        idempotency_key: "3e9d1c5a-7b20-4f86-a1d4-0c2b8e6f9a17",
      },
      response: { ok: true, equipment: createdHarness },
    },
    {
      title: "A second create with a key another equipment holds is refused, naming it",
      illustrative: true,
      request: {
        token: writeToken,
        external_id: "ERP-HN-0107",
        equipmentType_id: "et_harness",
        serialNumber: "HN-2026-0107",
      },
      response: {
        ok: false,
        error: "external_id_taken",
        description:
          "external_id ERP-HN-0107 is held by equipment eq_5c1e8a7d2b9f4036: update it with equipments.update, or choose another key",
      },
    },
    {
      title: "A metavalue that is not a metafield of the type",
      request: {
        token: writeToken,
        equipmentType_id: "et_harness",
        serialNumber: "HN-2026-0108",
        metavalues: { mf_height: 2 },
      },
      response: {
        ok: false,
        error: "parameter_invalid",
        description: "invalid parameter: metavalues.mf_height: not a metafield of equipment type et_harness",
      },
    },
    {
      title: "A type of another account is not found",
      request: { token: writeToken, equipmentType_id: "et_other_account", serialNumber: "X-1" },
      response: {
        ok: false,
        error: "content_not_found",
        description: "equipment type not found: et_other_account",
      },
    },
    {
      title: "A read token cannot create",
      request: { token: "wsafe-demo-token-read", equipmentType_id: "et_harness", serialNumber: "X-1" },
      response: { ok: false, error: "token_permission", description: "the token lacks the write permission" },
    },
  ],
});

/**
 * Parameters of `equipments.create`, as the registry holds them: `idempotency_key` included.
 *
 * @example
 * const params: EquipmentsCreateParams = {
 *   token, external_id: "ERP-HN-0107", equipmentType_id: "et_harness", serialNumber: "HN-2026-0107",
 *   idempotency_key: crypto.randomUUID(),
 * };
 * @see https://docs.wsafe.dev/methods/equipments.create/
 */
export const equipmentsCreateParamsSchema = equipmentsCreate.params;
