import type { RuleId } from "../rules.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/**
 * The rule of a changed constraint: `tightened` admits fewer values, `loosened` more,
 * `reshaped` both admits and refuses values, so it is breaking either way (a request's
 * tightening, a response's loosening).
 *
 * @example
 * constraintRule(ctx, "tightened"); // "request.constraint-tightened" for a request
 */
export function constraintRule(
  ctx: SchemaDiffContext,
  change: "tightened" | "loosened" | "reshaped",
): RuleId {
  if (change === "tightened")
    return pickRule(ctx, "request.constraint-tightened", "response.constraint-tightened");
  if (change === "loosened")
    return pickRule(ctx, "request.constraint-loosened", "response.constraint-loosened");
  return pickRule(ctx, "request.constraint-tightened", "response.constraint-loosened");
}
