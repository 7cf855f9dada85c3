import type { MethodName } from "@wsafe/schema";
import type { CheckDefinition } from "../CheckContext.js";

/** Checks of the token: absent or empty is `token_missing`; unknown or not a string is `token_invalid`. */
export function tokenChecks(method: MethodName): CheckDefinition[] {
  const unknown = `conformanceUnknownToken${Date.now().toString(36)}`;
  const cases: [string, string, (params: Record<string, unknown>) => Record<string, unknown>][] = [
    ["token_missing", "no token", (params) => params],
    ["token_missing", "an empty token", (params) => ({ token: "", ...params })],
    ["token_invalid", "an unknown token", (params) => ({ token: unknown, ...params })],
    ["token_invalid", "a token that is not a string", (params) => ({ token: 12345, ...params })],
  ];
  return cases.map(([identifier, what, data]) => ({
    suite: method,
    name: `${identifier}: ${what}`,
    async run(ctx) {
      ctx.expectError(await ctx.post(method, data(ctx.successParams(method)), null), identifier);
    },
  }));
}
