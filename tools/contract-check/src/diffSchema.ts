import type { DiffSchemaOptions } from "./DiffSchemaOptions.js";
import type { Difference } from "./difference.js";
import { createSchemaDiffContext } from "./diffSchema/createSchemaDiffContext.js";

// The options and the direction live in files of their own (the walker's pieces read
// them); they are re-exported here, where callers have always imported them from.
export type { DiffSchemaOptions } from "./DiffSchemaOptions.js";
export type { Direction } from "./Direction.js";

/**
 * Compares two schemas of one payload, direction-aware, and returns each difference
 * with its rule. `$ref`s are followed in both documents (the paths name where the
 * payload is, not where a definition happens to live), nullables written as
 * `anyOf: [X, {type:"null"}]` are one flag, and keywords the gate does not model are
 * reported as `schema.unsupported-change` rather than ignored.
 *
 * @param base - the released schema
 * @param next - the schema about to be released
 * @example
 * diffSchema({ type: "string", enum: ["a"] }, { type: "string", enum: ["a", "b"] }, { direction: "response", path: "$" });
 * // [{ rule: "response.enum-value-added", severity: "breaking", path: "$.enum", ... }]
 */
export function diffSchema(base: unknown, next: unknown, options: DiffSchemaOptions): Difference[] {
  const ctx = createSchemaDiffContext(base, next, options);
  // The root counts as followed: a `$ref: "#"` below it recurses, and is compared once.
  ctx.compareNode(base, next, options.path, ["#"], ["#"], options.rootName);
  return ctx.out;
}
