import type { DiffSchemaOptions } from "../DiffSchemaOptions.js";
import type { SchemaObject } from "../flattenSchema.js";
import { compareNode } from "./compareNode.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/**
 * The context of one comparison of `base` with `next`, its walker bound to it and its
 * output empty. Keyword comparisons can be run on it alone, as their tests do.
 *
 * @example
 * const ctx = createSchemaDiffContext(base, next, { direction: "response", path: "$" });
 * ctx.compareNode(base, next, "$", ["#"], ["#"]);
 * ctx.out; // the differences
 */
export function createSchemaDiffContext(
  base: unknown,
  next: unknown,
  options: Pick<DiffSchemaOptions, "direction" | "openEnums">,
): SchemaDiffContext {
  const ctx: SchemaDiffContext = {
    direction: options.direction,
    baseRoot: (base ?? {}) as SchemaObject,
    nextRoot: (next ?? {}) as SchemaObject,
    openEnums: options.openEnums ?? new Set(),
    out: [],
    compareNode: (b, n, path, baseRefs, nextRefs, rootName) =>
      compareNode(b, n, path, ctx, baseRefs, nextRefs, rootName),
  };
  return ctx;
}
