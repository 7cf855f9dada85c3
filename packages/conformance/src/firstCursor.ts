import { type CheckContext, CheckSkipped, expect } from "./CheckContext.js";
import { readList } from "./readList.js";
import type { Walk } from "./walkOf.js";

/**
 * A cursor of a fresh walk: the `next_cursor` of a first page of one record. Skips the
 * check when the list has fewer than two records (there is no next page to point at),
 * and fails when the page says nothing of the next. (Its length is the walk check's.)
 *
 * @param ctx - the check's context
 * @param walk - the method, from {@link walkOf}
 * @param data - the walk's request data, without `limit` and `cursor`
 * @example
 * const cursor = await firstCursor(ctx, walk, listParams(ctx, walk));
 */
export async function firstCursor(
  ctx: CheckContext,
  walk: Walk,
  data: Record<string, unknown>,
): Promise<string> {
  const page = await readList(ctx, walk, { ...data, limit: 1 });
  const label = page.response.label;
  expect(page.hasMetadata, `${label}: limit sent, but no response_metadata`);
  if (page.nextCursor === "") {
    throw new CheckSkipped(
      `${walk.method} has fewer than two records for ${JSON.stringify(data)}: the cursor cases need two (give other request data with --params)`,
    );
  }
  return page.nextCursor!;
}
