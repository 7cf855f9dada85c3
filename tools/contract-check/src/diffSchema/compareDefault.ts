import { difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";
import { sameJson } from "./sameJson.js";

const json = (value: unknown) => JSON.stringify(value);

/**
 * Compares a request parameter's `default`, which decides what an omitted parameter
 * means: a changed or removed default changes existing calls, a new one does not.
 *
 * @example
 * compareDefault({ default: 20 }, { default: 50 }, "$.limit", ctx); // request.default-changed
 */
export function compareDefault(b: SchemaObject, n: SchemaObject, path: string, ctx: SchemaDiffContext): void {
  const where = jsonPath(path, "default");
  if ("default" in b && "default" in n) {
    if (!sameJson(b.default, n.default))
      ctx.out.push(
        difference("request.default-changed", where, `default: ${json(b.default)} → ${json(n.default)}`),
      );
  } else if ("default" in b) {
    ctx.out.push(difference("request.default-changed", where, `default ${json(b.default)} was removed`));
  } else if ("default" in n) {
    ctx.out.push(difference("request.default-added", where, `default ${json(n.default)} was added`));
  }
}
