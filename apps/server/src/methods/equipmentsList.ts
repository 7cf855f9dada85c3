import { equipmentFields, quoteInput, statusesBySeverity } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { isPageRequested } from "../pagination/isPageRequested.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import { StreamedJsonResult } from "../results/StreamedJsonResult.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `equipments.list`: the equipment of one type of the account, statuses computed at
 * the request's `now` (or `as_of`), only the statuses asked for, limited to `columns`
 * in canonical order; the whole list streamed, or one page.
 */
export const equipmentsList: MethodHandler<"equipments.list"> = async (
  params,
  { services: { store }, token, now },
) => {
  // In severity order, each once: the SQL takes the set.
  const statuses = statusesBySeverity.filter((status) => params.status?.includes(status));
  const paged = isPageRequested(params);
  const secret = paged ? await store.cursorSecret() : undefined;
  // The cursor is a parameter: a bad one answers before the type is looked up.
  const page = readPageRequest(
    params,
    walkRequestOf("equipments.list", params, token.accountId, now),
    secret,
  );
  const type = await store.findEquipmentType(token.accountId, params.equipmentType_id);
  // Another account's type is "not found" too: its existence is not ours to reveal.
  if (!type)
    throw new ApiError(
      "content_not_found",
      `equipment type not found: ${quoteInput(params.equipmentType_id)}`,
    );
  const wanted = new Set(params.columns ?? []);
  const fields = wanted.size === 0 ? equipmentFields : equipmentFields.filter((field) => wanted.has(field));
  const list = {
    equipmentTypeId: type.id,
    fields,
    inService: params.service_type === "all" ? null : params.service_type === "in",
    nullMetafields: params.include_null_metavalues ? type.metafieldIds : [],
    now: page?.walk.instant ?? params.as_of ?? now,
    statuses,
  };
  if (page) {
    const after = page.after as readonly [string, string] | undefined;
    const rows = await store.listEquipmentsPage(list, { after, rows: page.limit + 1 });
    return pageResult("equipments", rows, page, secret!);
  }
  // Everything a caller can get wrong was checked above and still answers the envelope;
  // only the list itself is read as it is sent.
  return new StreamedJsonResult(
    "equipments",
    () => store.streamEquipmentsJson(list),
    () => store.listEquipmentsJson(list),
  );
};
