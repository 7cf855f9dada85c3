import type { Methods } from "@wsafe/schema";
import { isPageRequested } from "../pagination/isPageRequested.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import type { Store } from "../store/Store.js";
import type { MethodHandler } from "./MethodHandler.js";

/** The whole list of an account, from its kept bytes: compact JSON, sent as is. */
const wholeList = (json: Buffer) => new RawJsonResult("resources", json, true);

/**
 * `resources.list`: the resources of the account, by `sequence` then `id`, versions by
 * `created`; whole or a page. The whole list kept in the read cache is answered
 * synchronously, so a warm request waits on no promise.
 */
export const resourcesList: MethodHandler<"resources.list"> = (
  params,
  { services: { store }, token, now },
) => {
  if (!isPageRequested(params)) {
    const kept = store.keptResourcesBytes(token.accountId);
    if (kept !== undefined) return wholeList(kept);
    return store.listResourcesBytes(token.accountId).then(wholeList);
  }
  return resourcesPage(params, store, token.accountId, now);
};

/** One page of the account's resources, after the cursor or from the start. */
async function resourcesPage(
  params: Methods["resources.list"]["parsedParams"],
  store: Store,
  accountId: string,
  now: number,
) {
  const secret = await store.cursorSecret();
  const page = readPageRequest(params, walkRequestOf("resources.list", params, accountId, now), secret)!;
  const after = page.after as readonly [string, string] | undefined;
  const rows = await store.listResourcesPage(accountId, after, page.limit + 1);
  return pageResult("resources", rows, page, secret);
}
