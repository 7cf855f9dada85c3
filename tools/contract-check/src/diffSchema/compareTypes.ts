import { difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { coversType } from "./coversType.js";
import { describeTypes } from "./describeTypes.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";
import { typesOf } from "./typesOf.js";

/**
 * Reports a change of the JSON types at `path.type`: widened, narrowed, or changed when
 * types were both added and removed.
 *
 * @returns false when the types share nothing, so looking deeper is moot
 * @example
 * compareTypes({ type: "integer" }, { type: "number" }, "$.limit", ctx); // type widened, true
 */
export function compareTypes(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: SchemaDiffContext,
): boolean {
  const bt = typesOf(b);
  const nt = typesOf(n);
  if (bt === undefined && nt === undefined) return true;
  const added = nt === undefined ? ["any"] : [...nt].filter((type) => !coversType(bt, type));
  const removed = bt === undefined ? ["any"] : [...bt].filter((type) => !coversType(nt, type));
  const where = jsonPath(path, "type");
  const change = `${describeTypes(bt)} → ${describeTypes(nt)}`;
  if (added.length && removed.length) {
    ctx.out.push(
      difference(
        pickRule(ctx, "request.type-changed", "response.type-changed"),
        where,
        `type changed: ${change}`,
      ),
    );
    return false;
  }
  if (added.length)
    ctx.out.push(
      difference(
        pickRule(ctx, "request.type-widened", "response.type-widened"),
        where,
        `type widened: ${change}`,
      ),
    );
  if (removed.length)
    ctx.out.push(
      difference(
        pickRule(ctx, "request.type-narrowed", "response.type-narrowed"),
        where,
        `type narrowed: ${change}`,
      ),
    );
  return true;
}
