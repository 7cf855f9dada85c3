import type { MethodName } from "@wsafe/schema";
import { isWriteMethod } from "../baselineOf.js";
import type { CheckDefinition } from "../CheckContext.js";

/**
 * Checks of the token: absent or empty is `token_missing`; unknown or not a string is
 * `token_invalid`; and on a write method the read token is `token_permission`, over POST
 * and GET alike (with the request the kit would send with a write token, which the
 * service must refuse anyway: a server that skips the permission still writes nothing).
 */
export function tokenChecks(method: MethodName): CheckDefinition[] {
  const unknown = `conformanceUnknownToken${Date.now().toString(36)}`;
  const cases: [string, string, (params: Record<string, unknown>) => Record<string, unknown>][] = [
    ["token_missing", "no token", (params) => params],
    ["token_missing", "an empty token", (params) => ({ token: "", ...params })],
    ["token_invalid", "an unknown token", (params) => ({ token: unknown, ...params })],
    ["token_invalid", "a token that is not a string", (params) => ({ token: 12345, ...params })],
  ];
  const checks: CheckDefinition[] = cases.map(([identifier, what, data]) => ({
    suite: method,
    name: `${identifier}: ${what}`,
    async run(ctx) {
      ctx.expectError(await ctx.post(method, data(ctx.successParams(method)), null), identifier);
    },
  }));
  if (isWriteMethod(method))
    checks.push({
      suite: method,
      name: "token_permission: a read token, over POST and GET",
      async run(ctx) {
        const params = ctx.successParams(method);
        ctx.expectError(await ctx.post(method, params, ctx.options.token), "token_permission");
        ctx.expectError(await ctx.get(method, params, ctx.options.token), "token_permission");
      },
    });
  return checks;
}
