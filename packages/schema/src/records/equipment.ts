import * as z from "zod";
import { metavaluesSchema } from "./metavalue.js";
import { identifier, timestamp } from "./primitives.js";
import { scheduleSchema } from "./schedule.js";
import { equipmentStatusRule, statusSchema } from "./status.js";

const idList = (description: string) => z.array(z.string().min(1)).describe(description);

/**
 * The fields of an equipment record, in canonical order. `equipments.list` returns
 * selected fields (`columns`) in this order.
 */
export const equipmentShape = {
  id: identifier("Identifier of the equipment."),
  serialNumber: z.string().describe("Serial number of the equipment."),
  equipmentType_id: identifier("Identifier of the equipment type."),
  created: timestamp("When the equipment was recorded."),
  parent_id: z.string().describe("Identifier of the parent equipment; empty string when it has none."),
  fieldOffice_id: idList("Identifiers of the field offices the equipment belongs to."),
  lineOfBusiness_id: z.string().describe("Identifier of the line of business; empty string when none."),
  clients_id: idList("Identifiers of the clients. Left out when the equipment has none.").optional(),
  assignedUsers_id: idList("Identifiers of the users the equipment is assigned to."),
  title: z.string().describe("Title of the equipment. Left out when it has none.").optional(),
  notes: z.string().describe("Free text."),
  isInService: z.boolean().describe("Whether the equipment is in service."),
  metavalues: metavaluesSchema,
  status: statusSchema.describe(`Overall status: ${equipmentStatusRule}.`),
  schedules: z.array(scheduleSchema).describe("One entry per inspection schedule, ordered by `schedule_id`."),
};

/**
 * An equipment with the status of each of its inspection schedules.
 *
 * @example
 * import { equipmentSchema, type Equipment } from "@wsafe/schema";
 * const equipment: Equipment = equipmentSchema.parse(payload);
 * @see https://docs.wsafe.dev/records/equipment/
 */
export const equipmentSchema = z.object(equipmentShape).meta({
  id: "Equipment",
  title: "Equipment",
  description: "An equipment with its overall status and the status of each of its inspection schedules.",
});

/** An equipment with its schedules and statuses. */
export type Equipment = z.infer<typeof equipmentSchema>;

/** The name of one field of {@link Equipment}; the values `columns` accepts. */
export const equipmentFieldSchema = z
  .enum(Object.keys(equipmentShape) as [keyof Equipment, ...(keyof Equipment)[]])
  .meta({
    id: "EquipmentField",
    description: "The name of one field of the equipment record.",
  });

/** The name of one field of {@link Equipment}. */
export type EquipmentField = z.infer<typeof equipmentFieldSchema>;

/** Every field name of {@link Equipment}, in canonical order. */
export const equipmentFields: readonly EquipmentField[] = equipmentFieldSchema.options;

/**
 * An equipment as `equipments.list` returns it: every field, or exactly the fields named
 * in `columns` (in canonical order) that the record has.
 */
export const equipmentSelectionSchema = equipmentSchema.partial().meta({
  id: "EquipmentSelection",
  title: "Equipment (selected fields)",
  description:
    "An equipment record limited to the fields named in `columns`, in canonical order; every field of Equipment when `columns` is omitted or empty.",
});

/** An equipment limited to some of its fields. */
export type EquipmentSelection = z.infer<typeof equipmentSelectionSchema>;
