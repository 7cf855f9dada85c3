import * as z from "zod";
import { equipmentShape } from "./records/equipment.js";
import { equipmentSettableShape, externalIdSchema } from "./records/equipmentSettable.js";
import { equipmentTypeSchema, metafieldSchema } from "./records/equipmentType.js";
import { storedMetavaluesSchema } from "./records/metavalue.js";
import { identifier } from "./records/primitives.js";
import { resourceSchema } from "./records/resource.js";
import { scheduleDatesSchema } from "./records/schedule.js";

const accountId = identifier("Identifier of the account the record belongs to.");

/** An account: the tenant every record belongs to. */
export const datasetAccountSchema = z.strictObject({
  id: identifier("Identifier of the account."),
  name: z.string().describe("Name of the account."),
  active: z.boolean().default(true).describe("An inactive account's tokens answer `account_inactive`."),
});

/** An API token. The plain secret is hashed on import and never stored. */
export const datasetTokenSchema = z.strictObject({
  token: z.string().min(16).describe("The plain secret, at least 16 characters. Stored only as a hash."),
  account_id: accountId,
  active: z.boolean().default(true).describe("A deactivated token answers `token_inactive`."),
  permissions: z
    .array(z.enum(["read", "write"]))
    .min(1)
    .default(["read"])
    .describe(
      "What the token may do: `read` for the methods that read, `write` for those that change something (`webhooks.create`, ...).",
    ),
});

/** A user of an account. */
export const datasetUserSchema = z.strictObject({
  id: identifier("Identifier of the user; unique across accounts."),
  account_id: accountId,
  name: z.string().describe("Full name of the user."),
});

/** A resource with its versions, and its account. */
export const datasetResourceSchema = z.strictObject({ account_id: accountId, ...resourceSchema.shape });

/** An equipment type and the metafields its equipment may set. */
export const datasetEquipmentTypeSchema = z.strictObject({
  id: equipmentTypeSchema.shape.id,
  account_id: accountId,
  name: equipmentTypeSchema.shape.name,
  metafields: z
    .array(z.strictObject(metafieldSchema.shape))
    .default([])
    .describe("The metafields equipment of this type may set."),
});

/**
 * An equipment as stored: every field but the computed statuses and the service's
 * `version`, with the rules of {@link equipmentSettableShape}, which the register's write
 * methods read too. Its account is its type's. An `external_id` left out keeps the key
 * the store holds: a file written before the asset system gave its keys (through
 * `equipments.create` or `equipments.update`) must not remove them.
 */
export const datasetEquipmentSchema = z.strictObject({
  id: equipmentShape.id,
  external_id: externalIdSchema
    .optional()
    .describe(
      "Your own key of the equipment (an asset tag, the id of the asset system that owns the record): 1 to 255 characters, unique among the equipment of the account once the import is in. A key another equipment of the account gives in the same file, or keeps in the store, refuses the import, naming both; a file may pass a key from one equipment it names to another. `equipments.update` and `equipments.retire` find the equipment by it. Left out: the equipment keeps the key it has in the store, if any (an import never removes a key; `equipments.update` with `external_id: null` does).",
    ),
  serialNumber: equipmentSettableShape.serialNumber,
  equipmentType_id: equipmentSettableShape.equipmentType_id,
  created: equipmentShape.created,
  parent_id: equipmentSettableShape.parent_id,
  fieldOffice_id: equipmentSettableShape.fieldOffice_id,
  lineOfBusiness_id: equipmentSettableShape.lineOfBusiness_id,
  clients_id: equipmentSettableShape.clients_id,
  assignedUsers_id: equipmentSettableShape.assignedUsers_id,
  title: equipmentSettableShape.title,
  notes: equipmentSettableShape.notes,
  isInService: equipmentSettableShape.isInService,
  metavalues: storedMetavaluesSchema.default({}),
  schedules: z
    .array(scheduleDatesSchema.strict())
    .default([])
    .describe("The inspection schedules, dates only."),
});

/**
 * A dataset: the one document format for imports, demo data and test fixtures. Every
 * list may be omitted. Importing is all or nothing; the same ids again update records.
 *
 * @example
 * import { datasetSchema } from "@wsafe/schema";
 * const dataset = datasetSchema.parse(JSON.parse(text));
 * @see https://docs.wsafe.dev/dataset/
 */
export const datasetSchema = z
  .strictObject({
    accounts: z.array(datasetAccountSchema).default([]),
    tokens: z.array(datasetTokenSchema).default([]),
    users: z.array(datasetUserSchema).default([]),
    resources: z.array(datasetResourceSchema).default([]),
    equipmentTypes: z.array(datasetEquipmentTypeSchema).default([]),
    equipments: z.array(datasetEquipmentSchema).default([]),
  })
  .meta({
    id: "Dataset",
    title: "Dataset",
    description:
      "Accounts, tokens, users, resources, equipment types and equipment to import. Statuses are never imported: they are computed. Every referenced id must exist in the store or in the same document.",
  });

/** A dataset as written (defaults optional). */
export type DatasetInput = z.input<typeof datasetSchema>;
/** A dataset after parsing (defaults applied). */
export type Dataset = z.output<typeof datasetSchema>;
/** One equipment of a dataset. */
export type DatasetEquipment = Dataset["equipments"][number];
