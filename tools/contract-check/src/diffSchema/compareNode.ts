import { difference } from "../difference.js";
import { type Branch, flattenSchema } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { compareBranch } from "./compareBranch.js";
import { compareNullable } from "./compareNullable.js";
import { describeTypes } from "./describeTypes.js";
import { pairAlternatives } from "./pairAlternatives.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";
import { typesOf } from "./typesOf.js";

/**
 * The walker: compares two nodes of the payload at `path`. Both are flattened (`$ref`s
 * followed, `null` lifted out), then a single alternative is compared with a single
 * one, and unions alternative by alternative; an alternative with no partner is a
 * type widened or narrowed at `path.anyOf[i]`.
 *
 * @param baseRefs - the `$ref`s already followed on the base side, so recursive schemas end
 * @param rootName - the name the root is known by, for open enums reached without a `$ref`
 * @example
 * compareNode(base.params, next.params, '$.methods["users.info"].params', ctx, ["#"], ["#"]);
 */
export function compareNode(
  base: unknown,
  next: unknown,
  path: string,
  ctx: SchemaDiffContext,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
  rootName?: string,
): void {
  const b = flattenSchema(base, ctx.baseRoot, baseRefs);
  const n = flattenSchema(next, ctx.nextRoot, nextRefs);
  compareNullable(b.nullable, n.nullable, path, ctx);
  const named = (branch: Branch): Branch =>
    branch.refName === undefined && rootName !== undefined ? { ...branch, refName: rootName } : branch;
  const baseBranches = b.branches.map(named);
  const nextBranches = n.branches.map(named);
  if (baseBranches.length === 1 && nextBranches.length === 1) {
    compareBranch(baseBranches[0]!, nextBranches[0]!, path, ctx, b.refs, n.refs);
    return;
  }
  const { pairs, removed, added } = pairAlternatives(baseBranches, nextBranches);
  const kind = (branch: Branch) => describeTypes(typesOf(branch.schema));
  for (const [bi, ni] of pairs) {
    const branchPath = baseBranches.length > 1 ? jsonPath(`${path}.anyOf`, bi) : path;
    compareBranch(baseBranches[bi]!, nextBranches[ni]!, branchPath, ctx, b.refs, n.refs);
  }
  for (const bi of removed) {
    ctx.out.push(
      difference(
        pickRule(ctx, "request.type-narrowed", "response.type-narrowed"),
        jsonPath(`${path}.anyOf`, bi),
        `alternative ${kind(baseBranches[bi]!)} was removed`,
      ),
    );
  }
  for (const ni of added) {
    ctx.out.push(
      difference(
        pickRule(ctx, "request.type-widened", "response.type-widened"),
        jsonPath(`${path}.anyOf`, ni),
        `alternative ${kind(nextBranches[ni]!)} was added`,
      ),
    );
  }
}
