import { isDeepStrictEqual } from "node:util";
import { type Equipment, type FeedSpec, type MethodName, methods } from "@wsafe/schema";
import { alterAt, alterPositions } from "../alterCursor.js";
import { type CheckContext, type CheckDefinition, CheckSkipped, expect } from "../CheckContext.js";
import { listRegister } from "../findEquipment.js";
import { applyFeed, readFeed } from "../readFeed.js";

/** How many times the copy is brought up to date while the register keeps changing. */
const rounds = 3;

/** The first id whose record differs between the copy and the lists, described. */
function firstDifference(copy: Map<string, Equipment>, listed: Map<string, Equipment>): string | undefined {
  for (const [id, equipment] of listed) {
    if (!copy.has(id)) return `${id} is listed but the copy lacks it`;
    if (!isDeepStrictEqual(copy.get(id), equipment)) return `${id} differs from equipments.list's`;
  }
  for (const id of copy.keys()) if (!listed.has(id)) return `the copy holds ${id}, which no list has`;
  return undefined;
}

/**
 * The copy a client keeps, against the lists: read the feed to its end, list every type,
 * then read again from the cursor. When that read is empty nothing changed between the
 * two reads, so the lists (taken between them) show the state the copy holds. Otherwise
 * the register changed meanwhile: apply and try again, a few times.
 */
async function copyAgainstLists(ctx: CheckContext, method: MethodName, feed: FeedSpec) {
  const copy = new Map<string, Equipment>();
  let read = await readFeed(ctx, method, feed);
  applyFeed(copy, read);
  for (let round = 0; round < rounds; round++) {
    const listed = await listRegister(ctx);
    const since = await readFeed(ctx, method, feed, { cursor: read.cursor });
    if (since.entries.length === 0) {
      const difference = firstDifference(copy, listed);
      expect(
        difference === undefined,
        `a copy applying every answer of ${method} from no cursor (${copy.size} equipment) is not what equipments.list holds over every type with service_type "all" (${listed.size}): ${difference}`,
      );
      return;
    }
    applyFeed(copy, since);
    read = since;
  }
  throw new CheckSkipped(
    `the register changed during each of ${rounds} reads: run the kit when nothing writes to the account`,
  );
}

/**
 * The checks of a feed (`feed` in the registry: `equipments.changes`), which the kit does
 * not walk as pages: a copy built from no cursor holds exactly what the lists hold; every
 * answer has a `next_cursor`, at most `limit` entries, each key once; an altered cursor
 * and another account's are refused, naming `cursor`. All reads: nothing is written.
 *
 * @param method - the method checked (only a feed has these checks)
 */
export function feedChecks(method: MethodName): CheckDefinition[] {
  const feed = methods[method].feed;
  if (!feed) return [];
  const firstCursor = async (ctx: CheckContext, token?: string) =>
    (await readFeed(ctx, method, feed, { limit: 1, stopAfter: 1, ...(token && { token }) })).cursor;
  return [
    {
      suite: method,
      name: `feed: a copy applying every answer from no cursor holds exactly what equipments.list holds over every type, in service or not`,
      run: (ctx) => copyAgainstLists(ctx, method, feed),
    },
    {
      suite: method,
      name: `feed: every answer has a next_cursor, at most limit ${feed.entries}, each ${feed.key} once`,
      async run(ctx) {
        const { problems, answers } = await readFeed(ctx, method, feed, { limit: 2, stopAfter: 6 });
        expect(problems.length === 0, problems.join("; "));
        if (answers < 2)
          throw new CheckSkipped(
            `${method} with limit 2 answered has_more: false at once: the account's register needs three equipment for this check`,
          );
      },
    },
    {
      suite: method,
      name: "feed: an altered cursor answers parameter_invalid naming cursor",
      async run(ctx) {
        const cursor = await firstCursor(ctx);
        for (const index of alterPositions(cursor))
          ctx.expectError(
            await ctx.post(method, { cursor: alterAt(cursor, index) }),
            "parameter_invalid",
            "cursor",
          );
      },
    },
    {
      suite: method,
      name: "isolation: another account's feed cursor answers parameter_invalid",
      async run(ctx) {
        const other = ctx.otherAccount();
        const cursor = await firstCursor(ctx);
        ctx.expectError(await ctx.post(method, { cursor }, other.token), "parameter_invalid", "cursor");
      },
    },
  ];
}
