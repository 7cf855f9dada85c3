/** A JSON Schema object (2020-12); boolean schemas are turned into objects first. */
export type SchemaObject = Record<string, unknown>;

/** One alternative of a schema, `$ref`s followed and `null` taken out. */
export interface Branch {
  /** The alternative with every `$ref` followed and the referrer's own keywords laid over it. */
  schema: SchemaObject;
  /** The `$defs` name the alternative was reached through, if any (`"Status"`): names open enums. */
  refName?: string;
}

/** A schema seen as a union: its alternatives and whether `null` is one of them. */
export interface FlatSchema {
  branches: Branch[];
  nullable: boolean;
  /** The JSON pointers of every `$ref` followed to get here, so recursive schemas end. */
  refs: string[];
}

const asObject = (schema: unknown): SchemaObject => {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  return schema as SchemaObject;
};

/** Reads a local JSON pointer (`#`, `#/$defs/Status`) inside `root`; undefined when it leads nowhere. */
function readPointer(root: SchemaObject, pointer: string): unknown {
  if (pointer === "#") return root;
  if (!pointer.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Follows local `$ref`s. The referrer's own keywords (`description`, `default`) win
 * over the target's, as they do in 2020-12 where `$ref` is just one more keyword.
 * A ref that cannot be followed (another document) stays in place, so that a change
 * of it is still seen.
 */
function followRefs(
  schema: SchemaObject,
  root: SchemaObject,
  refs: string[],
): { schema: SchemaObject; refName?: string } {
  let current = schema;
  let refName: string | undefined;
  while (typeof current.$ref === "string" && !refs.includes(current.$ref)) {
    const pointer = current.$ref;
    const target = readPointer(root, pointer);
    if (target === undefined) break;
    refs.push(pointer);
    const { $ref: _ref, ...siblings } = current;
    current = { ...asObject(target), ...siblings };
    refName = pointer.split("/").pop();
  }
  return { schema: current, ...(refName === undefined ? {} : { refName }) };
}

const isNullOnly = (schema: SchemaObject): boolean =>
  schema.type === "null" ||
  (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === "null") ||
  ("const" in schema && schema.const === null) ||
  (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);

/**
 * Turns a schema into its alternatives: `$ref`s followed, nested `anyOf`/`oneOf`
 * flattened, and `null` (a `{type:"null"}` branch, `"null"` in a type list, `null` in an
 * enum, or OpenAPI's `nullable: true`) lifted out into one flag. This is how zod writes
 * `.nullable()` (`anyOf: [X, {type: "null"}]`), so a newly nullable field shows as one
 * flag flipping rather than as a type change.
 *
 * @param schema - any JSON Schema node
 * @param root - the document its `$ref`s point into
 * @example
 * flattenSchema({ anyOf: [{ type: "integer" }, { type: "null" }] }, root);
 * // { branches: [{ schema: { type: "integer" } }], nullable: true, refs: [] }
 */
export function flattenSchema(
  schema: unknown,
  root: SchemaObject,
  seenRefs: readonly string[] = [],
): FlatSchema {
  const refs = [...seenRefs];
  const followed = followRefs(asObject(schema), root, refs);
  let { schema: node } = followed;
  let nullable = false;
  if (node.nullable === true) {
    const { nullable: _nullable, ...rest } = node;
    node = rest;
    nullable = true;
  }
  const union = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = node;
    const branches: Branch[] = [];
    for (const member of union) {
      const flat = flattenSchema({ ...siblings, ...asObject(member) }, root, refs);
      nullable ||= flat.nullable;
      for (const branch of flat.branches) {
        branches.push(
          branch.refName === undefined && followed.refName !== undefined
            ? { ...branch, refName: followed.refName }
            : branch,
        );
      }
      for (const ref of flat.refs) if (!refs.includes(ref)) refs.push(ref);
    }
    return { branches, nullable, refs };
  }
  if (isNullOnly(node)) return { branches: [], nullable: true, refs };
  if (Array.isArray(node.type) && node.type.includes("null")) {
    node = { ...node, type: node.type.filter((type) => type !== "null") };
    if ((node.type as unknown[]).length === 1) node = { ...node, type: (node.type as unknown[])[0] };
    nullable = true;
  }
  if (Array.isArray(node.enum) && node.enum.includes(null)) {
    node = { ...node, enum: node.enum.filter((value) => value !== null) };
    nullable = true;
  }
  return {
    branches: [{ schema: node, ...(followed.refName === undefined ? {} : { refName: followed.refName }) }],
    nullable,
    refs,
  };
}
