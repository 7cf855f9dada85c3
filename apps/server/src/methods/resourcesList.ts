import { isPageRequested } from "../pagination/isPageRequested.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import type { MethodHandler } from "./MethodHandler.js";

/** `resources.list`: the resources of the account, by `sequence` then `id`, versions by `created`; whole or a page. */
export const resourcesList: MethodHandler<"resources.list"> = async (params, { store, token, now }) => {
  if (!isPageRequested(params)) {
    return new RawJsonResult("resources", await store.listResourcesBytes(token.accountId), true);
  }
  const secret = await store.cursorSecret();
  const page = readPageRequest(
    params,
    walkRequestOf("resources.list", params, token.accountId, now),
    secret,
  )!;
  const after = page.after as readonly [string, string] | undefined;
  const rows = await store.listResourcesPage(token.accountId, after, page.limit + 1);
  return pageResult("resources", rows, page, secret);
};
