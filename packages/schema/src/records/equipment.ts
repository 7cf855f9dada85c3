import * as z from "zod";
import { equipmentSettableShape, equipmentVersionSchema, externalIdSchema } from "./equipmentSettable.js";
import { metavaluesSchema } from "./metavalue.js";
import { identifier, timestamp } from "./primitives.js";
import { scheduleSchema } from "./schedule.js";
import { equipmentStatusRule, statusSchema } from "./status.js";

/**
 * The fields of an equipment record, in canonical order. `equipments.list` returns
 * selected fields (`columns`) in this order. The fields its owner sets are those of
 * {@link equipmentSettableShape}, with their rules.
 */
export const equipmentShape = {
  id: identifier("Identifier of the equipment."),
  external_id: externalIdSchema.optional(),
  serialNumber: equipmentSettableShape.serialNumber,
  equipmentType_id: equipmentSettableShape.equipmentType_id,
  created: timestamp("When the equipment was recorded."),
  parent_id: equipmentSettableShape.parent_id,
  fieldOffice_id: equipmentSettableShape.fieldOffice_id,
  lineOfBusiness_id: equipmentSettableShape.lineOfBusiness_id,
  clients_id: equipmentSettableShape.clients_id,
  assignedUsers_id: equipmentSettableShape.assignedUsers_id,
  title: equipmentSettableShape.title,
  notes: equipmentSettableShape.notes,
  isInService: equipmentSettableShape.isInService,
  metavalues: metavaluesSchema,
  status: statusSchema.describe(`Overall status: ${equipmentStatusRule}.`),
  schedules: z.array(scheduleSchema).describe("One entry per inspection schedule, ordered by `schedule_id`."),
  version: equipmentVersionSchema,
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
