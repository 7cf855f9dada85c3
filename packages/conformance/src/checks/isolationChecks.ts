import { isDeepStrictEqual } from "node:util";
import { type MethodName, methods, validate } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { isWriteMethod } from "../baselineOf.js";
import { type CheckContext, type CheckDefinition, CheckSkipped, expect } from "../CheckContext.js";
import type { ConformanceOptions } from "../ConformanceOptions.js";
import { comparableBody } from "../comparableBody.js";
import { walkOf } from "../walkOf.js";

/** The first account gets `content_not_found`; the other account, whose record it is, a valid success. */
async function expectIsolated(ctx: CheckContext, method: MethodName, request: Record<string, unknown>) {
  ctx.expectError(await ctx.post(method, request), "content_not_found");
  const theirs = ctx.expectSuccess(await ctx.post(method, request, ctx.otherAccount().token));
  const result = validate(`${method}.result`, theirs);
  expect(result.ok, `the other account's own answer is not a valid ${method}.result`);
}

/**
 * Tenant isolation, with a second account's token and ids. For every parameter of the
 * method that an id was given for: the first account asking for the other account's
 * record gets `content_not_found` (never the record, never a hint that it exists), and
 * the other account asking for it gets a valid success (so the id is real). And the
 * other account repeating the first account's successful call never gets the same answer.
 * A paginated method is probed with `limit` as well, since a page takes another path.
 */
export function isolationChecks(method: MethodName, options: ConformanceOptions): CheckDefinition[] {
  // A write method is not probed across accounts: on a server that failed the probe, the
  // kit would have changed the other account's records.
  if (isWriteMethod(method)) return [];
  const properties = Object.keys((toJsonSchema(`${method}.params`).properties ?? {}) as object);
  const paginated = walkOf(method) !== undefined;
  const canBeNotFound = (methods[method].errors as readonly string[]).includes("content_not_found");
  const checks: CheckDefinition[] = [
    {
      suite: method,
      name: "isolation: another account repeating this call never gets the same answer",
      async run(ctx) {
        const other = ctx.otherAccount();
        const { params, refusal } = ctx.baseline(method);
        if (refusal)
          throw new CheckSkipped(
            `the kit calls ${method} ${refusal.what}, which the service refuses: ${refusal.toSucceed ?? "give request data of your own (--params)"}`,
          );
        const own = ctx.expectSuccess(await ctx.post(method, params));
        // Two empty lists are equal whoever asks: they prove nothing about isolation.
        const lists = Object.values(own).filter(Array.isArray);
        if (lists.length > 0 && lists.every((list) => list.length === 0))
          throw new CheckSkipped(
            `${method} lists nothing for this account, so an equal answer proves nothing: give request data that lists records (--params), or records to the account`,
          );
        const response = await ctx.post(method, params, other.token);
        ctx.expectConvention(response);
        const body = response.json as { ok: boolean; error?: string };
        if (!body.ok) {
          expect(
            body.error === "content_not_found",
            `${response.label} with the other token: expected content_not_found or a success, got ${body.error}`,
          );
          return;
        }
        expect(
          !isDeepStrictEqual(
            comparableBody(method, body as Record<string, unknown>),
            comparableBody(method, own),
          ),
          "the other account's token got exactly the first account's answer",
        );
      },
    },
  ];
  if (!canBeNotFound) return checks;
  const keys = options.other ? properties.filter((key) => Object.hasOwn(options.other!.ids, key)) : [];
  if (keys.length === 0) {
    const candidates = properties.filter((key) => key !== "token" && key !== "pretty");
    checks.push({
      suite: method,
      name: "isolation: ids of another account are content_not_found",
      async run(ctx) {
        ctx.otherAccount();
        throw new CheckSkipped(
          `no id of the other account given for ${candidates.join(" or ")} (--other-id NAME=ID)`,
        );
      },
    });
    return checks;
  }
  for (const key of keys) {
    checks.push({
      suite: method,
      name: `isolation: ${key} of another account is content_not_found`,
      async run(ctx) {
        const other = ctx.otherAccount();
        await expectIsolated(ctx, method, { ...ctx.successParams(method), [key]: other.ids[key] });
      },
    });
    // A page is read by another path than the whole list (keyset, cursors): the
    // ownership check must hold on it too.
    if (paginated) {
      checks.push({
        suite: method,
        name: `isolation: ${key} of another account is content_not_found with limit too`,
        async run(ctx) {
          const other = ctx.otherAccount();
          const { cursor: _cursor, ...params } = ctx.successParams(method);
          await expectIsolated(ctx, method, { ...params, [key]: other.ids[key], limit: 1 });
        },
      });
    }
  }
  return checks;
}
