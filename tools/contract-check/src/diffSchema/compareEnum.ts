import { difference } from "../difference.js";
import type { Branch, SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { constraintRule } from "./constraintRule.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";
import { sameJson } from "./sameJson.js";

const json = (value: unknown) => JSON.stringify(value);

const enumValues = (schema: SchemaObject): unknown[] | undefined =>
  "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;

/**
 * Compares the values an alternative is limited to (`enum`, or `const` as a one-value
 * enum), value by value. A response enum released as open (`x-open-enum`, or its name
 * in `openEnums`) may gain values; consumers were told to expect them.
 *
 * @example
 * compareEnum({ schema: { enum: ["a"] } }, { schema: { enum: ["a", "b"] } }, "$", ctx); // value "b" was added
 */
export function compareEnum(
  baseBranch: Branch,
  nextBranch: Branch,
  path: string,
  ctx: SchemaDiffContext,
): void {
  const bv = enumValues(baseBranch.schema);
  const nv = enumValues(nextBranch.schema);
  const where = jsonPath(
    path,
    "const" in baseBranch.schema || (!bv && "const" in nextBranch.schema) ? "const" : "enum",
  );
  if (!bv && !nv) return;
  if (!bv) {
    ctx.out.push(
      difference(constraintRule(ctx, "tightened"), where, `values are now limited to ${json(nv)}`),
    );
    return;
  }
  if (!nv) {
    ctx.out.push(
      difference(constraintRule(ctx, "loosened"), where, `values are no longer limited to ${json(bv)}`),
    );
    return;
  }
  const open =
    baseBranch.schema["x-open-enum"] === true ||
    (baseBranch.refName !== undefined && ctx.openEnums.has(baseBranch.refName));
  for (const value of nv.filter((value) => !bv.some((old) => sameJson(old, value)))) {
    const rule =
      ctx.direction === "request"
        ? "request.enum-value-added"
        : open
          ? "response.open-enum-value-added"
          : "response.enum-value-added";
    ctx.out.push(difference(rule, where, `value ${json(value)} was added`));
  }
  for (const value of bv.filter((old) => !nv.some((value) => sameJson(old, value)))) {
    ctx.out.push(
      difference(
        pickRule(ctx, "request.enum-value-removed", "response.enum-value-removed"),
        where,
        `value ${json(value)} was removed`,
      ),
    );
  }
}
