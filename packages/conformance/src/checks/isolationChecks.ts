import { isDeepStrictEqual } from "node:util";
import { type MethodName, methods, validate } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { type CheckDefinition, CheckSkipped, expect } from "../CheckContext.js";
import type { ConformanceOptions } from "../ConformanceOptions.js";

/**
 * Tenant isolation, with a second account's token and ids. For every parameter of the
 * method that an id was given for: the first account asking for the other account's
 * record gets `content_not_found` (never the record, never a hint that it exists), and
 * the other account asking for it gets a valid success (so the id is real). And the
 * other account repeating the first account's successful call never gets the same answer.
 */
export function isolationChecks(method: MethodName, options: ConformanceOptions): CheckDefinition[] {
  const properties = Object.keys((toJsonSchema(`${method}.params`).properties ?? {}) as object);
  const canBeNotFound = (methods[method].errors as readonly string[]).includes("content_not_found");
  const skipUnlessOther = (ctx: Parameters<CheckDefinition["run"]>[0]) => {
    if (!ctx.options.other)
      throw new CheckSkipped("give a second account (--other-token, --other-id) to probe tenant isolation");
    return ctx.options.other;
  };
  const checks: CheckDefinition[] = [
    {
      suite: method,
      name: "isolation: another account repeating this call never gets the same answer",
      async run(ctx) {
        const other = skipUnlessOther(ctx);
        const params = ctx.successParams(method);
        const own = ctx.expectSuccess(await ctx.post(method, params));
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
          !isDeepStrictEqual(body, own),
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
        skipUnlessOther(ctx);
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
        const other = skipUnlessOther(ctx);
        const request = { ...ctx.successParams(method), [key]: other.ids[key] };
        ctx.expectError(await ctx.post(method, request), "content_not_found");
        const theirs = ctx.expectSuccess(await ctx.post(method, request, other.token));
        const result = validate(`${method}.result`, theirs);
        expect(result.ok, `the other account's own answer is not a valid ${method}.result`);
      },
    });
  }
  return checks;
}
