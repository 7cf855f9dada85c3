import { isDeepStrictEqual } from "node:util";
import { type MethodName, parseParams } from "@wsafe/schema";
import { alterAt, alterPositions } from "../alterCursor.js";
import { type CheckContext, type CheckDefinition, CheckSkipped } from "../CheckContext.js";
import { firstCursor } from "../firstCursor.js";
import { listParams } from "../listParams.js";
import { otherValueFor } from "../otherValueFor.js";
import { paginatedMethods, type Walk, walkOf } from "../walkOf.js";

/** Fails unless `data` with `cursor` answers `parameter_invalid` naming `cursor`. */
async function expectRefused(ctx: CheckContext, walk: Walk, data: Record<string, unknown>, token?: string) {
  ctx.expectError(await ctx.post(walk.method, data, token), "parameter_invalid", "cursor");
}

/**
 * Cursors a paginated method must refuse with `parameter_invalid` (the description
 * naming `cursor`): one altered by one character, one of another paginated method, one
 * sent with another value of a filter its walk is bound to (`pagination.filters`), and
 * one sent by another account. Each starts from a cursor of a fresh walk, so exactly one
 * thing is wrong.
 */
export function cursorChecks(method: MethodName): CheckDefinition[] {
  const walk = walkOf(method);
  if (!walk) return [];
  const checks: CheckDefinition[] = [
    {
      suite: method,
      name: "parameter_invalid: a cursor with one character changed",
      async run(ctx) {
        const data = listParams(ctx, walk);
        const cursor = await firstCursor(ctx, walk, data);
        for (const index of alterPositions(cursor))
          await expectRefused(ctx, walk, { ...data, cursor: alterAt(cursor, index) });
      },
    },
    {
      suite: method,
      name: "parameter_invalid: a cursor of another paginated method",
      async run(ctx) {
        const data = listParams(ctx, walk);
        const reasons: string[] = [];
        for (const other of paginatedMethodsBut(walk, ctx.options.servedMethods)) {
          let cursor: string;
          try {
            cursor = await firstCursor(ctx, other, listParams(ctx, other));
          } catch (error) {
            if (!(error instanceof CheckSkipped)) throw error;
            reasons.push(error.message);
            continue;
          }
          await expectRefused(ctx, walk, { ...data, cursor });
          return;
        }
        throw new CheckSkipped(
          reasons.length
            ? reasons.join("; ")
            : ctx.options.servedMethods
              ? `the deployment serves no other paginated method to take a cursor from (servedMethods: ${ctx.options.servedMethods.join(", ")})`
              : "the registry has no other paginated method to take a cursor from",
        );
      },
    },
  ];
  for (const filter of walk.filters) {
    checks.push({
      suite: method,
      name: `parameter_invalid: a cursor sent with another ${filter} than its walk began with`,
      async run(ctx) {
        const data = listParams(ctx, walk);
        const value = otherValueFor(walk.params.properties[filter], walk.params, data[filter]);
        const changed = { ...data, [filter]: value };
        // The changed request must be valid without the cursor, so that the cursor is
        // what the answer refuses.
        if (value === undefined || !parseParams(method, { token: ctx.options.token, ...changed }).ok)
          throw new CheckSkipped(`the schema of ${filter} offers no other valid value to send`);
        const cursor = await firstCursor(ctx, walk, data);
        await expectRefused(ctx, walk, { ...changed, cursor });
      },
    });
  }
  checks.push({
    suite: method,
    name: "isolation: a cursor sent by another account is parameter_invalid",
    async run(ctx) {
      const other = ctx.otherAccount();
      const data = listParams(ctx, walk);
      const cursor = await firstCursor(ctx, walk, data);
      await expectRefused(ctx, walk, { ...data, cursor }, other.token);
    },
  });
  return checks;
}

/**
 * The other paginated methods the deployment serves, those whose walks are bound to the
 * same filters first: their cursors differ from this method's only by the method, so
 * only a cursor bound to its method is refused.
 */
function paginatedMethodsBut(walk: Walk, served: readonly MethodName[] | undefined): Walk[] {
  const sameFilters = (other: Walk) => isDeepStrictEqual(other.filters, walk.filters);
  const others = paginatedMethods()
    .filter((other) => other !== walk.method && (served === undefined || served.includes(other)))
    .map((other) => walkOf(other)!);
  return [...others.filter(sameFilters), ...others.filter((other) => !sameFilters(other))];
}
