// Turns JSON Schema nodes (the published files, which carry the same words as the zod
// schemas) into the short type names and rules that the docs' tables show.
import { inlineCode } from "./markdown.js";
import { recordSlug } from "./sitePaths.js";

/** One JSON Schema node. */
export type SchemaNode = Record<string, unknown>;

const SAFE_INTEGER = 9007199254740991;
const SHORT_ENUM = 4;

function defsOf(root: SchemaNode): Record<string, SchemaNode> {
  return (root.$defs as Record<string, SchemaNode> | undefined) ?? {};
}

/** Follows a local `$ref` (`#/$defs/X`) to its node; other nodes are returned as they are. */
export function resolve(node: SchemaNode, root: SchemaNode): SchemaNode {
  const ref = node.$ref as string | undefined;
  if (!ref) return node;
  if (ref === "#") return root;
  const target = defsOf(root)[ref.slice("#/$defs/".length)];
  if (!target) throw new Error(`unresolved $ref ${ref}`);
  return { ...target, ...Object.fromEntries(Object.entries(node).filter(([key]) => key !== "$ref")) };
}

function refName(node: SchemaNode): string | undefined {
  const ref = node.$ref as string | undefined;
  return ref?.startsWith("#/$defs/") ? ref.slice("#/$defs/".length) : undefined;
}

const literal = (value: unknown) => inlineCode(JSON.stringify(value));

/**
 * The type of a node as a reader writes it: `string`, `integer | null`, `Schedule[]`
 * (linked to the record's page), `"in" | "out" | "all"`.
 */
export function typeText(node: SchemaNode, root: SchemaNode): string {
  const name = refName(node);
  if (name && recordSlug(name)) return `[${name}](/records/${recordSlug(name)}/)`;
  const resolved = resolve(node, root);
  if ("const" in resolved) return literal(resolved.const);
  const variants = (resolved.anyOf ?? resolved.oneOf) as SchemaNode[] | undefined;
  if (variants) return variants.map((variant) => typeText(variant, root)).join(" | ");
  const enumValues = resolved.enum as unknown[] | undefined;
  if (enumValues) return enumValues.length <= SHORT_ENUM ? enumValues.map(literal).join(" | ") : "string";
  const type = resolved.type as string | string[] | undefined;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") {
    const item = typeText((resolved.items as SchemaNode | undefined) ?? {}, root);
    return /[ |]/.test(item) ? `array of (${item})` : `${item}[]`;
  }
  if (
    type === "object" &&
    resolved.additionalProperties &&
    typeof resolved.additionalProperties === "object"
  ) {
    return `object (key → ${typeText(resolved.additionalProperties as SchemaNode, root)})`;
  }
  return type ?? "any JSON value";
}

/** The constraints of a node that its type does not say: lengths, patterns, long enums, bounds. */
export function rulesText(node: SchemaNode, root: SchemaNode, prefix = ""): string[] {
  if (refName(node) && recordSlug(refName(node)!)) return [];
  const resolved = resolve(node, root);
  const rules: string[] = [];
  const minLength = resolved.minLength as number | undefined;
  if (minLength === 1) rules.push(`${prefix}non-empty`);
  else if (minLength !== undefined) rules.push(`${prefix}at least ${minLength} characters`);
  if (resolved.pattern) rules.push(`${prefix}matches ${inlineCode(String(resolved.pattern))}`);
  const minimum = resolved.minimum as number | undefined;
  if (minimum !== undefined && minimum !== -SAFE_INTEGER) rules.push(`${prefix}at least ${minimum}`);
  const maximum = resolved.maximum as number | undefined;
  if (maximum !== undefined && maximum !== SAFE_INTEGER) rules.push(`${prefix}at most ${maximum}`);
  if (resolved.minItems !== undefined) rules.push(`${prefix}at least ${resolved.minItems} item(s)`);
  const enumValues = resolved.enum as unknown[] | undefined;
  if (enumValues && enumValues.length > SHORT_ENUM) {
    rules.push(`${prefix}one of ${enumValues.map((value) => inlineCode(String(value))).join(", ")}`);
  }
  const variants = (resolved.anyOf ?? resolved.oneOf) as SchemaNode[] | undefined;
  if (variants) {
    for (const variant of variants) {
      const variantRules = rulesText(variant, root);
      if (variantRules.length)
        rules.push(`${prefix}as ${typeText(variant, root)}: ${variantRules.join(", ")}`);
    }
  }
  if (resolved.type === "array" && resolved.items)
    rules.push(...rulesText(resolved.items as SchemaNode, root, "each item "));
  return rules;
}

/** One property of an object node, as the docs' tables list it. */
export interface PropertyRow {
  name: string;
  type: string;
  required: boolean;
  default: string | undefined;
  description: string;
  rules: string[];
}

/** The properties of an object node, in their schema order. */
export function propertyRows(node: SchemaNode, root: SchemaNode): PropertyRow[] {
  const object = resolve(node, root);
  const required = new Set((object.required as string[] | undefined) ?? []);
  const properties = (object.properties as Record<string, SchemaNode> | undefined) ?? {};
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeText(property, root),
    required: required.has(name),
    default: "default" in property ? literal(property.default) : undefined,
    description: String(property.description ?? resolve(property, root).description ?? ""),
    rules: rulesText(property, root),
  }));
}
