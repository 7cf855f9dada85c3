import { eventsPageSize } from "@wsafe/schema";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import type { MethodHandler } from "./MethodHandler.js";
import { webhookNotFound } from "./webhookNotFound.js";

/** `webhooks.deliveries`: one page of the attempts made to the account's endpoint, in the order made. */
export const webhooksDeliveries: MethodHandler<"webhooks.deliveries"> = async (
  params,
  { services: { store, webhooks }, token, now },
) => {
  const secret = await store.cursorSecret();
  // Every answer is a page, as events.list's: its first is `eventsPageSize` long unless `limit` says.
  const limit = params.limit ?? (params.cursor === undefined ? eventsPageSize : undefined);
  const walk = walkRequestOf("webhooks.deliveries", params, token.accountId, now);
  const page = readPageRequest({ limit, cursor: params.cursor }, walk, secret)!;
  if (!(await webhooks.store.has(token.accountId, params.webhook_id)))
    throw webhookNotFound(params.webhook_id);
  const after = page.after as readonly [string, string] | undefined;
  const rows = await webhooks.store.attemptsPage(token.accountId, params.webhook_id, after, page.limit + 1);
  return pageResult("deliveries", rows, page, secret);
};
