import { type MethodName, methodUrlPath } from "@wsafe/schema";
import type { CheckDefinition } from "../CheckContext.js";

/**
 * Checks of the URL space as a whole: a path that names no method, another version and
 * an empty method name all answer `api_method_not_found` in the envelope.
 */
export function routingChecks(method: MethodName): CheckDefinition[] {
  const cases: [string, string][] = [
    ["an unknown method", methodUrlPath("conformance.no-such-method")],
    ["another version", `/v2/${method}`],
    ["no method name", methodUrlPath("")],
  ];
  return cases.map(([what, path]) => ({
    suite: "(service)",
    name: `api_method_not_found: ${what} (${path})`,
    async run(ctx) {
      const body = JSON.stringify({ token: ctx.options.token, ...ctx.successParams(method) });
      ctx.expectError(await ctx.call({ path, body }), "api_method_not_found");
    },
  }));
}
