import { type CheckContext, CheckSkipped } from "./CheckContext.js";
import type { Walk } from "./walkOf.js";

const day = 24 * 3600 * 1000;

/**
 * The request data the walk checks start from: a successful call's, with `limit` and
 * `cursor` left out and the walk's instant fixed, so that a walk and the whole list
 * compute statuses at the same instant. The instant is a year ago unless the caller's
 * own params name one: a page that computed its statuses at its own "now" instead of
 * the walk's instant then shows.
 *
 * @param ctx - the check's context
 * @param walk - the method, from {@link walkOf}
 * @param drop - further parameters to leave out (e.g. `columns`, to read whole records)
 * @example
 * listParams(ctx, walkOf("equipments.list")!); // { equipmentType_id: "et_harness", as_of: 1732... }
 */
export function listParams(
  ctx: CheckContext,
  walk: Walk,
  drop: readonly string[] = [],
): Record<string, unknown> {
  const { params: baseline, refusal } = ctx.baseline(walk.method);
  // A walk needs a list: the refused probe that stands in for a success lists nothing.
  if (refusal)
    throw new CheckSkipped(
      `the kit calls ${walk.method} ${refusal.what}, which lists nothing to walk: ${refusal.toSucceed ?? "give request data of your own (--params)"}`,
    );
  const { limit: _limit, cursor: _cursor, ...params } = baseline;
  for (const key of drop) delete params[key];
  if (walk.instant !== undefined && params[walk.instant] === undefined)
    params[walk.instant] = Date.now() - 365 * day;
  return params;
}
