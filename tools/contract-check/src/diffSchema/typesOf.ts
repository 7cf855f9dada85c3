import type { SchemaObject } from "../flattenSchema.js";

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * The JSON types a branch allows; `undefined` means any type. Without a `type` keyword
 * the types are read off `const`, `enum` or the object and array keywords.
 *
 * @example
 * typesOf({ enum: ["a", 1] }); // Set { "string", "integer" }
 */
export function typesOf(schema: SchemaObject): Set<string> | undefined {
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  if ("const" in schema) return new Set([jsonType(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType));
  if ("properties" in schema || "additionalProperties" in schema || "required" in schema)
    return new Set(["object"]);
  if ("items" in schema || "prefixItems" in schema) return new Set(["array"]);
  return undefined;
}
