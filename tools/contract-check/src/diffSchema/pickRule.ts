import type { RuleId } from "../rules.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/**
 * Picks the rule of the comparison's direction: the request rule first, the response rule second.
 *
 * @example
 * pickRule(ctx, "request.nullable-added", "response.nullable-added");
 */
export const pickRule = (ctx: SchemaDiffContext, request: RuleId, response: RuleId): RuleId =>
  ctx.direction === "request" ? request : response;
