import * as z from "zod";

/** A metavalue that refers to items: `{ item_ids: [1, 2] }`. */
export const itemIdsValueSchema = z
  .object({ item_ids: z.array(z.int()).describe("Identifiers of the selected items.") })
  .meta({ id: "ItemIdsValue", description: "A metavalue that selects items by their integer ids." });

/** The value of one set metafield: a number, a string, or `{ item_ids }`. */
export const metavalueSchema = z.union([z.number(), z.string(), itemIdsValueSchema]).meta({
  id: "Metavalue",
  description: "The value of a set metafield: a number, a string, or `{ item_ids }`.",
});

/**
 * Metavalues as stored and imported: metafield id → value. Unset metafields are absent.
 */
export const storedMetavaluesSchema = z
  .record(z.string().min(1), metavalueSchema)
  .describe("Metafield id → value. Unset metafields are absent.");

/**
 * Metavalues as `equipments.list` returns them: metafield id → value, and `null` for an
 * unset metafield of the equipment type when `include_null_metavalues` is true.
 */
export const metavaluesSchema = z.record(z.string().min(1), metavalueSchema.nullable()).meta({
  id: "Metavalues",
  description:
    "Metafield id → value. Unset metafields are left out, unless `include_null_metavalues` is true: then each unset metafield of the equipment type appears with `null`. May be empty.",
});

/** A number, a string, or `{ item_ids }`. */
export type Metavalue = z.infer<typeof metavalueSchema>;
/** Metafield id → value (or `null` when asked for). */
export type Metavalues = z.infer<typeof metavaluesSchema>;
