import type { Equipment, FeedSpec, MethodName } from "@wsafe/schema";
import { type CheckContext, CheckSkipped } from "./CheckContext.js";

/** What a read of a feed found: its entries in order, where it ended, and what broke the rules. */
export interface FeedRead {
  /** Every entry of every answer, in order: `key` → the record, or null once gone. */
  entries: { key: string; record: Equipment | null }[];
  /** `next_cursor` of the last answer. */
  cursor: string;
  /** How many answers the read took. */
  answers: number;
  /**
   * What broke the shape of an answer: an entry repeated within one, more entries than
   * `limit`, no `next_cursor`. Reported rather than thrown: the check of the shape reads
   * them, the check of what the copy holds does not.
   */
  problems: string[];
}

/** Options of {@link readFeed}. */
export interface FeedReadOptions {
  /** Where to start; none: from the beginning. */
  cursor?: string;
  /** `limit` of each call; default 1 000. */
  limit?: number;
  /** At most this many answers; default 100. More: the check is skipped, saying so. */
  maxAnswers?: number;
  /** Stop after this many answers even if `has_more` (the shape check reads a few). */
  stopAfter?: number;
  /** The token; default the read token. */
  token?: string;
}

/**
 * Reads a feed (a method with `feed` in the registry) from `cursor` until `has_more` is
 * false, one answer after another, each a success the kit checks the envelope of.
 *
 * @param ctx - the run
 * @param method - the feed
 * @param feed - its `feed` spec: which fields hold the entries, their key and record
 * @param options - where to start, and how much to read
 * @example
 * const { entries, cursor } = await readFeed(ctx, "equipments.changes", methods["equipments.changes"].feed!);
 */
export async function readFeed(
  ctx: CheckContext,
  method: MethodName,
  feed: FeedSpec,
  options: FeedReadOptions = {},
): Promise<FeedRead> {
  const { limit = 1000, maxAnswers = 100, token = ctx.options.token } = options;
  const read: FeedRead = { entries: [], cursor: options.cursor ?? "", answers: 0, problems: [] };
  let cursor = options.cursor;
  for (;;) {
    if (read.answers === maxAnswers)
      throw new CheckSkipped(
        `${method} had more than ${maxAnswers * limit} changes to read: the kit reads at most ${maxAnswers} answers of ${limit}`,
      );
    const response = await ctx.post(method, { limit, ...(cursor === undefined ? {} : { cursor }) }, token);
    const body = ctx.expectSuccess(response);
    read.answers++;
    const entries = (body[feed.entries] ?? []) as Record<string, unknown>[];
    const keys = entries.map((entry) => String(entry[feed.key]));
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    if (repeated.length)
      read.problems.push(`${response.label}: ${feed.key} ${repeated[0]} twice in one answer`);
    if (entries.length > limit)
      read.problems.push(`${response.label}: ${entries.length} ${feed.entries}, more than limit ${limit}`);
    for (const entry of entries)
      read.entries.push({
        key: String(entry[feed.key]),
        record: (entry[feed.record] ?? null) as Equipment | null,
      });
    if (typeof body.next_cursor !== "string" || body.next_cursor === "") {
      read.problems.push(`${response.label}: no next_cursor`);
      return read;
    }
    read.cursor = cursor = body.next_cursor;
    if (body.has_more !== true || (options.stopAfter !== undefined && read.answers >= options.stopAfter))
      return read;
  }
}

/**
 * Applies a read to a copy, as a client of the feed does: each record put under its
 * key, each key whose record is null deleted.
 *
 * @param copy - the copy, changed in place
 * @param read - what {@link readFeed} found
 * @example
 * applyFeed(copy, await readFeed(ctx, method, feed, { cursor }));
 */
export function applyFeed(copy: Map<string, Equipment>, read: Pick<FeedRead, "entries">): void {
  for (const { key, record } of read.entries) {
    if (record) copy.set(key, record);
    else copy.delete(key);
  }
}
