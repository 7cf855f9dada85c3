import * as z from "zod";
import { identifier } from "./primitives.js";

const idList = (description: string) => z.array(z.string().min(1)).describe(description);

/**
 * The fields of an equipment that its owner sets, with the rules of their values: one
 * definition that the equipment record, the dataset's equipment and the register's write
 * methods (`equipments.create`, `equipments.update`) all read, so that an import and the
 * API can never accept different values. The service sets the others (`id`, `created`,
 * `version`) and computes the statuses; metavalues and schedules, whose stored form
 * differs from the answered one, have their own schemas (`storedMetavaluesSchema`,
 * `scheduleDatesSchema`).
 *
 * @example
 * import { equipmentSettableShape } from "@wsafe/schema";
 * equipmentSettableShape.serialNumber.parse("HN-2020-0001");
 */
export const equipmentSettableShape = {
  serialNumber: z.string().describe("Serial number of the equipment."),
  equipmentType_id: identifier("Identifier of the equipment type."),
  parent_id: z.string().describe("Identifier of the parent equipment; empty string when it has none."),
  fieldOffice_id: idList("Identifiers of the field offices the equipment belongs to."),
  lineOfBusiness_id: z.string().describe("Identifier of the line of business; empty string when none."),
  clients_id: idList("Identifiers of the clients. Left out when the equipment has none.").optional(),
  assignedUsers_id: idList("Identifiers of the users the equipment is assigned to."),
  title: z.string().describe("Title of the equipment. Left out when it has none.").optional(),
  notes: z.string().describe("Free text."),
  isInService: z.boolean().describe("Whether the equipment is in service."),
};

/** The longest `external_id`: 255 characters, as an `idempotency_key`. */
export const externalIdMaxLength = 255;

/**
 * The caller's own key of an equipment (an asset tag, an ERP or fleet-tool id): 1 to 255
 * characters, unique among the equipment of the account's register.
 *
 * @example
 * externalIdSchema.parse("ERP-4711");
 */
export const externalIdSchema = z
  .string()
  .min(1)
  .max(externalIdMaxLength)
  .describe(
    "The caller's own key of the equipment (an asset tag, the id of the asset system that owns the record): 1 to 255 characters, unique among the equipment of the account's register; left out when it has none. `equipments.update` and `equipments.retire` find the equipment by it as by `id`.",
  );

/**
 * The version of a stored equipment record: 1 when it is created, one more with every
 * change of what is stored (a field, a metavalue, a schedule's dates or rules, its
 * retirement); a status that changes with time alone changes no version.
 */
export const equipmentVersionSchema = z
  .int()
  .min(1)
  .describe(
    "The version of the stored record: 1 when it was created, one more with every change of it (a field, a metavalue, a schedule added, changed, removed or renewed by an inspection, its retirement). A status that changes with time alone changes no version. Send it as `if_version` to `equipments.update` to change the record only if nobody changed it since you read it.",
  );
