import { maxPageSize } from "@wsafe/schema";
import { type CheckContext, CheckFailed, CheckSkipped, expect } from "./CheckContext.js";
import type { ApiResponse } from "./createClient.js";
import type { Walk } from "./walkOf.js";

/** One successful answer of a list method, read. */
export interface ListAnswer {
  response: ApiResponse;
  /** The records of the list field. */
  records: unknown[];
  /** Whether the body carries `response_metadata`. */
  hasMetadata: boolean;
  /** `response_metadata.next_cursor`, when the body carries it. */
  nextCursor: string | undefined;
}

/**
 * POSTs request data to a list method and reads the answer: it must be a success whose
 * list field is an array and whose `response_metadata`, when present, has a string
 * `next_cursor`.
 *
 * @param ctx - the check's context
 * @param walk - the method, from {@link walkOf}
 * @param data - request data, without token
 * @param token - another account's token; default the account under test
 * @example
 * const { records, nextCursor } = await readList(ctx, walk, { limit: 2 });
 */
export async function readList(
  ctx: CheckContext,
  walk: Walk,
  data: Record<string, unknown>,
  token?: string,
): Promise<ListAnswer> {
  const response = await ctx.post(walk.method, data, token);
  const body = ctx.expectSuccess(response);
  const records = body[walk.listField];
  expect(Array.isArray(records), `${response.label}: ${walk.listField} is not an array`);
  const hasMetadata = Object.hasOwn(body, "response_metadata");
  let nextCursor: string | undefined;
  if (hasMetadata) {
    const metadata = body.response_metadata as { next_cursor?: unknown } | null;
    if (typeof metadata?.next_cursor !== "string")
      throw new CheckFailed(`${response.label}: response_metadata.next_cursor is not a string`);
    nextCursor = metadata.next_cursor;
  }
  return { response, records, hasMetadata, nextCursor };
}

/** The most pages {@link readWholeList} reads of a method that always answers a page. */
const maxWholeListPages = 12;

/**
 * The whole list a request names: one answer, or, for a method that always answers a
 * page (`walk.alwaysPaged`), its pages of the largest size joined, as its own walk reads
 * them. A list longer than the kit reads skips the check, saying so.
 *
 * @param ctx - the check's context
 * @param walk - the method, from {@link walkOf}
 * @param data - request data, without token, `limit` or `cursor`
 */
export async function readWholeList(
  ctx: CheckContext,
  walk: Walk,
  data: Record<string, unknown>,
): Promise<ListAnswer> {
  if (!walk.alwaysPaged) return readList(ctx, walk, data);
  const records: unknown[] = [];
  let answer = await readList(ctx, walk, { ...data, limit: maxPageSize });
  for (let page = 1; ; page++) {
    records.push(...answer.records);
    if (answer.nextCursor === "") return { ...answer, records };
    expect(answer.nextCursor !== undefined, `${answer.response.label}: a page without next_cursor`);
    if (page === maxWholeListPages)
      throw new CheckSkipped(
        `${walk.method} answers more than ${maxWholeListPages} pages of ${maxPageSize} for ${JSON.stringify(data)}: too long a list to check (give other request data with --params)`,
      );
    answer = await readList(ctx, walk, { ...data, cursor: answer.nextCursor });
  }
}
