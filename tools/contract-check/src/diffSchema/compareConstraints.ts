import { difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { boundKeywords } from "./boundKeywords.js";
import { constraintRule } from "./constraintRule.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

const json = (value: unknown) => JSON.stringify(value);

/**
 * Compares the value constraints: the {@link boundKeywords}, `multipleOf`, `uniqueItems`,
 * `pattern` and `format`. A constraint that appears tightens, one that goes loosens; a
 * `multipleOf` that neither divides nor is divided by the old one, or another `format`,
 * reshapes. A changed `pattern` has its own rule: which is stricter cannot be told.
 *
 * @example
 * compareConstraints({ maxLength: 10 }, { maxLength: 5 }, "$.name", ctx); // maxLength: 10 → 5, tightened
 */
export function compareConstraints(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: SchemaDiffContext,
): void {
  for (const [keywords, stricter] of [
    [boundKeywords.lower, (old: number, now: number) => now > old],
    [boundKeywords.upper, (old: number, now: number) => now < old],
  ] as const) {
    for (const keyword of keywords) {
      const old = b[keyword] as number | undefined;
      const now = n[keyword] as number | undefined;
      if (old === now) continue;
      const where = jsonPath(path, keyword);
      const change = `${keyword}: ${old ?? "none"} → ${now ?? "none"}`;
      if (old === undefined || (now !== undefined && stricter(old, now)))
        ctx.out.push(difference(constraintRule(ctx, "tightened"), where, change));
      else ctx.out.push(difference(constraintRule(ctx, "loosened"), where, change));
    }
  }
  const oldMultiple = b.multipleOf as number | undefined;
  const newMultiple = n.multipleOf as number | undefined;
  if (oldMultiple !== newMultiple) {
    const where = jsonPath(path, "multipleOf");
    const change = `multipleOf: ${oldMultiple ?? "none"} → ${newMultiple ?? "none"}`;
    if (oldMultiple === undefined || (newMultiple !== undefined && newMultiple % oldMultiple === 0)) {
      ctx.out.push(difference(constraintRule(ctx, "tightened"), where, change));
    } else if (newMultiple === undefined || oldMultiple % newMultiple === 0) {
      ctx.out.push(difference(constraintRule(ctx, "loosened"), where, change));
    } else ctx.out.push(difference(constraintRule(ctx, "reshaped"), where, change));
  }
  if ((b.uniqueItems === true) !== (n.uniqueItems === true)) {
    const where = jsonPath(path, "uniqueItems");
    ctx.out.push(
      difference(
        constraintRule(ctx, n.uniqueItems === true ? "tightened" : "loosened"),
        where,
        `uniqueItems: ${b.uniqueItems === true} → ${n.uniqueItems === true}`,
      ),
    );
  }
  for (const keyword of ["pattern", "format"]) {
    const old = b[keyword] as string | undefined;
    const now = n[keyword] as string | undefined;
    if (old === now) continue;
    const where = jsonPath(path, keyword);
    const change = `${keyword}: ${old === undefined ? "none" : json(old)} → ${now === undefined ? "none" : json(now)}`;
    if (old === undefined) ctx.out.push(difference(constraintRule(ctx, "tightened"), where, change));
    else if (now === undefined) ctx.out.push(difference(constraintRule(ctx, "loosened"), where, change));
    else if (keyword === "pattern")
      ctx.out.push(
        difference(pickRule(ctx, "request.pattern-changed", "response.pattern-changed"), where, change),
      );
    else ctx.out.push(difference(constraintRule(ctx, "reshaped"), where, change));
  }
}
