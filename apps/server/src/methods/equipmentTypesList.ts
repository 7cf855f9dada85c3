import { isPageRequested } from "../pagination/isPageRequested.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import type { MethodHandler } from "./MethodHandler.js";

/** `equipmentTypes.list`: the equipment types of the account with their metafields, by `name` then `id`; whole or a page. */
export const equipmentTypesList: MethodHandler<"equipmentTypes.list"> = async (
  params,
  { services: { store }, token, now },
) => {
  if (!isPageRequested(params)) {
    return new RawJsonResult("equipmentTypes", await store.listEquipmentTypesJson(token.accountId));
  }
  const secret = await store.cursorSecret();
  const page = readPageRequest(
    params,
    walkRequestOf("equipmentTypes.list", params, token.accountId, now),
    secret,
  )!;
  const after = page.after as readonly [string, string] | undefined;
  const rows = await store.listEquipmentTypesPage(token.accountId, after, page.limit + 1);
  return pageResult("equipmentTypes", rows, page, secret);
};
