import { difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { constraintRule } from "./constraintRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/**
 * Compares `items` through the walker; items that start or stop being checked tighten
 * or loosen the array. (Its bounds and `uniqueItems` are {@link compareConstraints}'.)
 *
 * @example
 * compareArray({ type: "array" }, { type: "array", items: { type: "string" } }, "$.ids", ctx, [], []); // items are now checked
 */
export function compareArray(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: SchemaDiffContext,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const where = jsonPath(path, "items");
  if (b.items !== undefined && n.items !== undefined)
    ctx.compareNode(b.items, n.items, where, baseRefs, nextRefs);
  else if (b.items !== undefined)
    ctx.out.push(difference(constraintRule(ctx, "loosened"), where, "items are no longer checked"));
  else if (n.items !== undefined)
    ctx.out.push(difference(constraintRule(ctx, "tightened"), where, "items are now checked"));
}
