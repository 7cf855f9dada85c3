import { eventsPageSize, eventsWindowProblem, quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `events.list`: one page of the account's events in the window `from`..`to` (default:
 * now), recorded ones and, after now, the expected ones as the data stands.
 */
export const eventsList: MethodHandler<"events.list"> = async (
  params,
  { services: { store, events }, token, now },
) => {
  const to = params.to ?? now;
  // Parameter checks first, the cursor's included: they answer before any lookup.
  const problem = eventsWindowProblem(params, now, events.retentionMs);
  if (problem) throw new ApiError("parameter_invalid", problem.description);
  const secret = await store.cursorSecret();
  // Every answer is a page: a walk's first page is `eventsPageSize` long unless `limit`
  // says otherwise; a later one keeps its walk's size unless `limit` says otherwise.
  const limit = params.limit ?? (params.cursor === undefined ? eventsPageSize : undefined);
  const walk = walkRequestOf("events.list", params, token.accountId, now);
  const page = readPageRequest({ limit, cursor: params.cursor }, walk, secret)!;
  if (params.equipmentType_id !== undefined) {
    const type = await store.findEquipmentType(token.accountId, params.equipmentType_id);
    // Another account's type is "not found" too: its existence is not ours to reveal.
    if (!type)
      throw new ApiError(
        "content_not_found",
        `equipment type not found: ${quoteInput(params.equipmentType_id)}`,
      );
  }
  const rows = await events.list({
    accountId: token.accountId,
    from: params.from,
    to,
    equipmentTypeId: params.equipmentType_id,
    types: params.types ?? [],
    after: page.after as readonly [string, string] | undefined,
    rows: page.limit + 1,
    now,
  });
  return pageResult("events", rows, page, secret);
};
