import { isPageRequested } from "../pagination/isPageRequested.js";
import { filtersFingerprint } from "../pagination/pageCursor.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import type { MethodHandler } from "./MethodHandler.js";

/** `equipmentTypes.list`: the equipment types of the account with their metafields, by `name` then `id`; whole or a page. */
export const equipmentTypesList: MethodHandler<"equipmentTypes.list"> = async (
  params,
  { store, token, now },
) => {
  if (!isPageRequested(params)) {
    return new RawJsonResult("equipmentTypes", await store.listEquipmentTypesJson(token.accountId));
  }
  const secret = await store.cursorSecret();
  const spec = {
    method: "equipmentTypes.list",
    accountId: token.accountId,
    filters: filtersFingerprint([]),
    requestedInstant: undefined,
    now,
    hasInstant: false,
  };
  const page = readPageRequest(params, spec, secret)!;
  const after = page.after as readonly [string, string] | undefined;
  const rows = await store.listEquipmentTypesPage(token.accountId, after, page.limit + 1);
  return pageResult("equipmentTypes", rows, page, secret);
};
