import { resolveSchema as resolve, type Schema } from "./resolveSchema.js";

/** The JSON types a schema node admits, `$ref`s and `anyOf`/`oneOf` followed; undefined means any. */
export function allowedTypes(schema: unknown, root: Schema): Set<string> | undefined {
  const node = resolve(schema, root);
  const union = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) {
    const types = new Set<string>();
    for (const member of union) {
      const inner = allowedTypes(member, root);
      if (!inner) return undefined;
      for (const type of inner) types.add(type);
    }
    return types;
  }
  if (typeof node.type === "string") return new Set([node.type]);
  if (Array.isArray(node.type)) return new Set(node.type as string[]);
  const values = "const" in node ? [node.const] : (node.enum as unknown[] | undefined);
  if (values)
    return new Set(
      values.map((value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value)),
    );
  return undefined;
}

// Candidates in order of preference: an object is the wrong type for every parameter
// /v1 has, and the rest cover schemas that do take objects.
const candidates: [string, unknown][] = [
  ["object", { conformance: "wrong type" }],
  ["boolean", true],
  ["number", 12.5],
  ["string", "conformance-wrong-type"],
  ["array", ["conformance", "wrong", "type"]],
];

/**
 * A value of a JSON type the parameter's schema does not admit, to drive
 * `parameter_invalid`; undefined when the schema admits every type.
 *
 * @param schema - the parameter's schema (a property of the params JSON Schema)
 * @param root - the params JSON Schema, for its `$defs`
 * @example
 * wrongValueFor({ type: "boolean" }, root); // { conformance: "wrong type" }
 */
export function wrongValueFor(schema: unknown, root: Schema): unknown {
  const types = allowedTypes(schema, root);
  if (!types) return undefined;
  const admits = (type: string) => types.has(type) || (type === "number" && types.has("integer"));
  return candidates.find(([type]) => !admits(type))?.[1];
}

/**
 * A value of the right JSON type that the parameter's schema still refuses: a string
 * outside an enum, or an array holding one. The second way to drive
 * `parameter_invalid`; undefined when the schema has no such value.
 *
 * @example
 * disallowedValueFor({ type: "array", items: { enum: ["id"] } }, root); // ["conformance-not-allowed"]
 */
export function disallowedValueFor(schema: unknown, root: Schema): unknown {
  const node = resolve(schema, root);
  const stringEnum = (candidate: Schema) =>
    Array.isArray(candidate.enum) && candidate.enum.every((value) => typeof value === "string");
  if (stringEnum(node)) return "conformance-not-allowed";
  if (node.type === "array" && node.items && stringEnum(resolve(node.items, root)))
    return ["conformance-not-allowed"];
  return undefined;
}
