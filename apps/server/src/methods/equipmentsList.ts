import { equipmentFields } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { StreamedJsonResult } from "../results/StreamedJsonResult.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `equipments.list`: the equipment of one type of the account, statuses computed at
 * the request's `now`, limited to `columns` in canonical order.
 */
export const equipmentsList: MethodHandler<"equipments.list"> = async (params, { store, token, now }) => {
  const type = await store.findEquipmentType(token.accountId, params.equipmentType_id);
  // Another account's type is "not found" too: its existence is not ours to reveal.
  if (!type) throw new ApiError("content_not_found", `equipment type not found: ${params.equipmentType_id}`);
  const wanted = new Set(params.columns ?? []);
  const fields = wanted.size === 0 ? equipmentFields : equipmentFields.filter((field) => wanted.has(field));
  const list = {
    equipmentTypeId: type.id,
    fields,
    inService: params.service_type === "all" ? null : params.service_type === "in",
    nullMetafields: params.include_null_metavalues ? type.metafieldIds : [],
    now,
  };
  // Everything a caller can get wrong was checked above and still answers the envelope;
  // only the list itself is read as it is sent.
  return new StreamedJsonResult(
    "equipments",
    () => store.streamEquipmentsJson(list),
    () => store.listEquipmentsJson(list),
  );
};
