import { difference } from "../difference.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/**
 * Reports `null` becoming allowed or refused at `path`. Nullability is one flag (see
 * `flattenSchema`), so `anyOf: [X, {type: "null"}]` appearing is this, not a type change.
 *
 * @example
 * compareNullable(false, true, "$.expiresOn", ctx); // response.nullable-added
 */
export function compareNullable(
  baseNullable: boolean,
  nextNullable: boolean,
  path: string,
  ctx: SchemaDiffContext,
): void {
  if (!baseNullable && nextNullable) {
    ctx.out.push(
      difference(
        pickRule(ctx, "request.nullable-added", "response.nullable-added"),
        path,
        "null is now allowed",
      ),
    );
  } else if (baseNullable && !nextNullable) {
    ctx.out.push(
      difference(
        pickRule(ctx, "request.nullable-removed", "response.nullable-removed"),
        path,
        "null is no longer allowed",
      ),
    );
  }
}
