import * as z from "zod";
import { equipmentSettableShape, externalIdSchema } from "../records/equipmentSettable.js";
import { metavalueSchema, storedMetavaluesSchema } from "../records/metavalue.js";
import { scheduleDatesSchema } from "../records/schedule.js";

const settable = equipmentSettableShape;

/**
 * The fields `equipments.create` sets: those of the dataset's equipment
 * ({@link equipmentSettableShape}, with their rules), the ones a new equipment need not
 * name defaulted as an import of them would be written.
 */
export const equipmentCreateFields = {
  external_id: externalIdSchema
    .optional()
    .describe(
      "Your own key for the equipment (an asset tag, the id in the asset system that owns it): 1 to 255 characters, unique among the equipment of the account's register; `equipments.update` and `equipments.retire` then find it by this key as by `id`. A key another equipment holds answers `external_id_taken`, naming it and that equipment. Omitted: none.",
    ),
  equipmentType_id: settable.equipmentType_id.describe(
    "The equipment's type: `id` of an equipment type of the account (`equipmentTypes.list`); another answers `content_not_found`.",
  ),
  serialNumber: settable.serialNumber,
  title: settable.title.describe("Title of the equipment. Omitted: none (the record leaves it out)."),
  notes: settable.notes.default("").describe('Free text. Default `""`.'),
  parent_id: settable.parent_id
    .default("")
    .describe(
      'Identifier of the parent equipment; default `""`, none. Your reference, kept as given and not looked up (as an import keeps it): a parent may be created after its child.',
    ),
  fieldOffice_id: settable.fieldOffice_id
    .default([])
    .describe("Identifiers of the field offices. Default none."),
  lineOfBusiness_id: settable.lineOfBusiness_id
    .default("")
    .describe('Identifier of the line of business. Default `""`, none.'),
  clients_id: settable.clients_id.describe("Identifiers of the clients. Omitted: none."),
  assignedUsers_id: settable.assignedUsers_id
    .default([])
    .describe(
      "The users the equipment is assigned to: `id`s of users of the account; another answers `content_not_found`. Default none.",
    ),
  isInService: settable.isInService
    .default(true)
    .describe("Whether the equipment is in service. Default true."),
  metavalues: storedMetavaluesSchema
    .default({})
    .describe(
      "Metafield id → value, each a metafield of the type (another answers `parameter_invalid` naming it). Default none set.",
    ),
  schedules: z
    .array(scheduleDatesSchema.strict())
    .default([])
    .describe(
      "The inspection schedules, as a dataset gives them: each `schedule_id` once, its dates (the last completion included, for an equipment whose history began elsewhere) and its `interval` and `warning`; `expiringOn` not after `expiresOn`. Default none.",
    ),
};

/**
 * The fields `equipments.update` may change: the same rules, each optional (only those
 * sent change); `null` removes what a record may lack, and `metavalues` is a patch.
 */
export const equipmentUpdateFields = {
  equipmentType_id: settable.equipmentType_id
    .optional()
    .describe(
      "Moves the equipment to this type of the account (another answers `content_not_found`). Its metavalues, after this request's `metavalues` are applied, must all be metafields of the new type: unset the others in the same request (`null`).",
    ),
  serialNumber: settable.serialNumber.optional(),
  title: settable.title.unwrap().nullable().optional().describe("Title of the equipment; `null` removes it."),
  notes: settable.notes.optional(),
  parent_id: settable.parent_id
    .optional()
    .describe('Identifier of the parent equipment; `""` for none. Not looked up.'),
  fieldOffice_id: settable.fieldOffice_id
    .optional()
    .describe("Identifiers of the field offices: the whole list."),
  lineOfBusiness_id: settable.lineOfBusiness_id.optional(),
  clients_id: settable.clients_id
    .unwrap()
    .nullable()
    .optional()
    .describe(
      "Identifiers of the clients: the whole list; `null` or `[]` for none (the record then leaves it out).",
    ),
  assignedUsers_id: settable.assignedUsers_id
    .optional()
    .describe(
      "The users it is assigned to, the whole list: users of the account (else `content_not_found`).",
    ),
  isInService: settable.isInService
    .optional()
    .describe(
      "Puts the equipment in service (true) or out of it (false); it stays in the register either way.",
    ),
  metavalues: z
    .record(z.string().min(1), metavalueSchema.nullable())
    .optional()
    .describe(
      "A patch of the metavalues: each key sent is set to its value, or unset with `null`; keys not sent keep theirs. Each must be a metafield of the equipment's type (the new one, when `equipmentType_id` moves it), else `parameter_invalid` naming it.",
    ),
};
