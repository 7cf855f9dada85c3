import type { Branch } from "../flattenSchema.js";
import { compareArray } from "./compareArray.js";
import { compareConstraints } from "./compareConstraints.js";
import { compareDefault } from "./compareDefault.js";
import { compareEnum } from "./compareEnum.js";
import { compareObject } from "./compareObject.js";
import { compareRest } from "./compareRest.js";
import { compareTypes } from "./compareTypes.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/**
 * Compares one alternative with its partner, keyword family by keyword family; when the
 * types share nothing the type change is the whole story and nothing deeper is reported.
 * `default` counts for requests only: in a response it describes, it decides nothing.
 *
 * @example
 * compareBranch({ schema: { type: "integer", maximum: 10 } }, { schema: { type: "integer", maximum: 5 } }, "$", ctx, [], []);
 */
export function compareBranch(
  baseBranch: Branch,
  nextBranch: Branch,
  path: string,
  ctx: SchemaDiffContext,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const b = baseBranch.schema;
  const n = nextBranch.schema;
  if (!compareTypes(b, n, path, ctx)) return;
  compareEnum(baseBranch, nextBranch, path, ctx);
  compareConstraints(b, n, path, ctx);
  if (ctx.direction === "request") compareDefault(b, n, path, ctx);
  compareObject(b, n, path, ctx, baseRefs, nextRefs);
  compareArray(b, n, path, ctx, baseRefs, nextRefs);
  compareRest(b, n, path, ctx, baseRefs, nextRefs);
}
