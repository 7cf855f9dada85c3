import { resolveSchema, type Schema } from "./resolveSchema.js";

const isStringEnum = (node: Schema): node is Schema & { enum: string[] } =>
  Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((value) => typeof value === "string");

/** A list value as a set: order and repeats do not matter, and empty means "no filter". */
const asSet = (value: unknown): string =>
  Array.isArray(value) && value.length > 0 ? [...new Set(value.map(String))].sort().join("\n") : "";

/**
 * A value the parameter's schema accepts that differs from `current`, to send in place
 * of a walk's filter: another enum value, another subset of an enum list, the number
 * plus one, the negated boolean, another string. `current` undefined means the
 * schema's `default` (an absent filter); undefined when the schema offers no other
 * value this can make up.
 *
 * @param schema - the parameter's schema (a property of the params JSON Schema)
 * @param root - the params JSON Schema, for its `$defs`
 * @param current - the value the walk began with
 * @example
 * otherValueFor({ type: "string", enum: ["in", "out", "all"], default: "in" }, root, undefined); // "out"
 * otherValueFor({ type: "integer" }, root, 1717230000000); // 1717230000001
 */
export function otherValueFor(schema: unknown, root: Schema, current: unknown): unknown {
  const node = resolveSchema(schema, root);
  const value = current === undefined ? node.default : current;
  if (isStringEnum(node)) return node.enum.find((candidate) => candidate !== value);
  if (node.type === "array" && node.items !== undefined) {
    const items = resolveSchema(node.items, root);
    // A one-element subset always differs from "every value" (absent or empty) and
    // from any other set but itself.
    if (isStringEnum(items))
      return items.enum.map((candidate) => [candidate]).find((subset) => asSet(subset) !== asSet(value));
    return undefined;
  }
  if (node.type === "integer" || node.type === "number") {
    const base = typeof value === "number" ? value : 0;
    const maximum = typeof node.maximum === "number" ? node.maximum : Number.MAX_SAFE_INTEGER;
    return base + 1 <= maximum ? base + 1 : base - 1;
  }
  if (node.type === "boolean") return value !== true;
  if (node.type === "string")
    return typeof value === "string" ? `${value}-conformance-other` : "conformance-other";
  return undefined;
}
