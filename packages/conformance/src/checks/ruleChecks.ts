import type { MethodName } from "@wsafe/schema";
import type { CheckDefinition } from "../CheckContext.js";
import { ruleProbes } from "../ruleProbes.js";

/**
 * The rules of a method that no JSON Schema can say (see `ruleProbes`): each broken in a
 * request of its own, which must answer `parameter_invalid` naming the parameter at fault,
 * over POST and GET. None reaches a lookup, so nothing is written.
 */
export function ruleChecks(method: MethodName): CheckDefinition[] {
  return (ruleProbes[method] ?? []).map((probe) => ({
    suite: method,
    name: `rule: ${probe.what} is refused naming ${probe.mentions}, over POST and GET`,
    async run(ctx) {
      const params = probe.params(Date.now());
      ctx.expectError(await ctx.post(method, params), "parameter_invalid", probe.mentions);
      ctx.expectError(await ctx.get(method, params), "parameter_invalid", probe.mentions);
    },
  }));
}
