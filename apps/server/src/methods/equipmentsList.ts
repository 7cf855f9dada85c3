import { equipmentFields } from "@wsafe/schema";
import { ApiError } from "../pipeline/ApiError.js";
import { methodProcedure } from "../trpc/procedures.js";
import { StreamedJsonResult } from "../trpc/StreamedJsonResult.js";

/**
 * `equipments.list`: the equipment of one type of the account, statuses computed at
 * the request's `now`, limited to `columns` in canonical order.
 */
export const equipmentsListProcedure = methodProcedure("equipments.list").query(async ({ ctx, input }) => {
  const { token } = ctx;
  const type = await ctx.store.findEquipmentType(token.accountId, input.equipmentType_id);
  // Another account's type is "not found" too: its existence is not ours to reveal.
  if (!type) throw new ApiError("content_not_found", `equipment type not found: ${input.equipmentType_id}`);
  const wanted = new Set(input.columns ?? []);
  const fields = wanted.size === 0 ? equipmentFields : equipmentFields.filter((field) => wanted.has(field));
  const list = {
    equipmentTypeId: type.id,
    fields,
    inService: input.service_type === "all" ? null : input.service_type === "in",
    nullMetafields: input.include_null_metavalues ? type.metafieldIds : [],
    now: ctx.now,
  };
  // Everything a caller can get wrong was checked above and still answers the envelope;
  // only the list itself is read as it is sent.
  return new StreamedJsonResult(
    "equipments",
    () => ctx.store.streamEquipmentsJson(list),
    () => ctx.store.listEquipmentsJson(list),
  );
});
