import * as z from "zod";
import { identifier } from "./primitives.js";

/**
 * A metafield of an equipment type: a named value its equipment may set in
 * `metavalues`.
 *
 * @see https://docs.wsafe.dev/records/equipmenttype/
 */
export const metafieldSchema = z
  .object({
    id: identifier("Identifier of the metafield: the key of its value in an equipment's `metavalues`."),
    name: z.string().describe("Name of the metafield, for people."),
  })
  .meta({ id: "Metafield", title: "Metafield", description: "A metafield of an equipment type." });

/**
 * An equipment type of the account, with the metafields its equipment may set; its
 * `id` is what `equipments.list` takes as `equipmentType_id`.
 *
 * @example
 * import { equipmentTypeSchema } from "@wsafe/schema";
 * const type = equipmentTypeSchema.parse({ id: "et_harness", name: "Harness", metafields: [] });
 * @see https://docs.wsafe.dev/records/equipmenttype/
 */
export const equipmentTypeSchema = z
  .object({
    id: identifier("Identifier of the equipment type: `equipmentType_id` of `equipments.list`."),
    name: z.string().describe("Name of the equipment type."),
    metafields: z
      .array(metafieldSchema)
      .describe("The metafields its equipment may set, in the type's order."),
  })
  .meta({
    id: "EquipmentType",
    title: "Equipment type",
    description: "An equipment type of the account with the metafields its equipment may set.",
  });

/** An equipment type with its metafields. */
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;
/** A metafield of an equipment type. */
export type Metafield = z.infer<typeof metafieldSchema>;
