import { isDeepStrictEqual } from "node:util";
import { type MethodName, maxPageSize, validate } from "@wsafe/schema";
import {
  type CheckContext,
  type CheckDefinition,
  CheckFailed,
  CheckSkipped,
  expect,
} from "../CheckContext.js";
import { firstCursor } from "../firstCursor.js";
import { listParams } from "../listParams.js";
import { otherValueFor } from "../otherValueFor.js";
import { readList, readWholeList } from "../readList.js";
import { type Walk, walkOf } from "../walkOf.js";

/**
 * The most pages one walk reads. A production list may be long: the walk checks a
 * prefix of it and says so rather than sending thousands of requests.
 */
const maxPagesWalked = 12;

/** Pages a walk aims at: enough to cross page boundaries, few enough to stay cheap. */
const pagesAimedAt = 4;

const idOf = (record: unknown) => (record as { id?: unknown } | null)?.id;

/** Reads the whole list and walks it in pages; fails where they differ. */
async function walkPages(ctx: CheckContext, walk: Walk): Promise<void> {
  const first = listParams(ctx, walk);
  const whole = await readWholeList(ctx, walk, first);
  const total = whole.records.length;
  if (total < 2)
    throw new CheckSkipped(
      `${walk.method} has ${total} record(s) for ${JSON.stringify(first)}: a walk needs two (give other request data with --params)`,
    );
  const limit = Math.min(maxPageSize, Math.ceil(total / pagesAimedAt));
  // Every other page leaves out `limit` and the instant, which the walk keeps from its
  // first page; the pages between repeat them, which must be accepted as well.
  const { limit: _limit, ...kept } = first;
  if (walk.instant !== undefined) delete kept[walk.instant];
  const seen: unknown[] = [];
  const ids = new Set<unknown>();
  let cursor: string | undefined;
  for (let page = 1; page <= maxPagesWalked; page++) {
    const data =
      cursor === undefined
        ? { ...first, limit }
        : page % 2 === 0
          ? { ...kept, cursor }
          : { ...first, limit, cursor };
    const answer = await readList(ctx, walk, data);
    const label = `page ${page} (${answer.response.label})`;
    expect(answer.hasMetadata, `${label}: no response_metadata`);
    expect(answer.records.length <= limit, `${label}: ${answer.records.length} records, limit ${limit}`);
    for (const record of answer.records) {
      const id = idOf(record);
      if (id !== undefined && ids.has(id))
        throw new CheckFailed(`${label}: record ${JSON.stringify(id)} again: pages overlap`);
      ids.add(id);
    }
    seen.push(...answer.records);
    expect(
      seen.length <= total,
      `${label}: the walk has read ${seen.length} records, the whole list has ${total}`,
    );
    expect(
      isDeepStrictEqual(seen, whole.records.slice(0, seen.length)),
      `${label}: the records up to this page differ from the whole list's first ${seen.length}: a page skipped or reordered records`,
    );
    if (answer.nextCursor === "") {
      expect(seen.length === total, `${label}: next_cursor "" after ${seen.length} of ${total} records`);
      return;
    }
    cursor = answer.nextCursor;
  }
  throw new CheckSkipped(
    `read ${maxPagesWalked} pages of ${limit} (${seen.length} of ${total} records, each as the whole list has it); the kit walks at most ${maxPagesWalked} pages, so the rest was not walked`,
  );
}

/**
 * Without `limit` and `cursor` no `response_metadata` (a method that always answers a
 * page: `response_metadata` all the same); with either, `next_cursor`.
 */
async function metadataExactlyWhenPaging(ctx: CheckContext, walk: Walk): Promise<void> {
  const first = listParams(ctx, walk);
  const whole = await readList(ctx, walk, first);
  if (walk.alwaysPaged)
    expect(
      whole.hasMetadata,
      `${whole.response.label}: the method always answers a page, yet no response_metadata`,
    );
  else
    expect(
      !whole.hasMetadata,
      `${whole.response.label}: neither limit nor cursor sent, yet response_metadata`,
    );
  const all = await readList(ctx, walk, { ...first, limit: maxPageSize });
  expect(all.hasMetadata, `${all.response.label}: limit sent, but no response_metadata`);
  if (!walk.alwaysPaged && whole.records.length <= maxPageSize)
    expect(
      all.nextCursor === "",
      `${all.response.label}: one page holds the whole list, yet next_cursor is not ""`,
    );
  const cursor = await firstCursor(ctx, walk, first);
  // The cursor alone: the walk keeps its page size and its instant.
  const kept = { ...first };
  if (walk.instant !== undefined) delete kept[walk.instant];
  const next = await readList(ctx, walk, { ...kept, cursor });
  expect(next.hasMetadata, `${next.response.label}: cursor sent without limit, but no response_metadata`);
}

/** `limit`, `columns`, `pretty`... (every parameter but the filters) may change between pages. */
async function othersMayChange(ctx: CheckContext, walk: Walk, free: readonly string[]): Promise<void> {
  const first = listParams(ctx, walk);
  const cursor = await firstCursor(ctx, walk, first);
  const changed: Record<string, unknown> = { ...first, cursor };
  for (const key of free) {
    const current = key === "limit" ? 1 : first[key];
    const value = otherValueFor(walk.params.properties[key], walk.params, current);
    if (value !== undefined) changed[key] = value;
  }
  const response = await ctx.post(walk.method, changed);
  const body = ctx.expectSuccess(response);
  const result = validate(`${walk.method}.result`, body);
  expect(result.ok, `${response.label}: the page is not a valid ${walk.method}.result`);
}

/**
 * Checks of a paginated method's pages (one whose params take `cursor`): a walk reads
 * exactly the whole list, `response_metadata` comes exactly with `limit` or `cursor`,
 * and what the walk is not bound to may change between its pages.
 */
export function paginationChecks(method: MethodName): CheckDefinition[] {
  const walk = walkOf(method);
  if (!walk) return [];
  const free = Object.keys(walk.params.properties).filter(
    (key) => !["token", "cursor", ...walk.filters].includes(key),
  );
  return [
    {
      suite: method,
      name: `pages: a walk reads exactly the whole list, each page at most limit, no record twice, ending with next_cursor ""`,
      run: (ctx) => walkPages(ctx, walk),
    },
    {
      suite: method,
      name: walk.alwaysPaged
        ? "response_metadata: present on every answer, the method always answering a page"
        : "response_metadata: present exactly when limit or cursor is sent",
      run: (ctx) => metadataExactlyWhenPaging(ctx, walk),
    },
    {
      suite: method,
      name: `pages: ${free.join(", ")} may change between pages`,
      run: (ctx) => othersMayChange(ctx, walk, free),
    },
  ];
}
