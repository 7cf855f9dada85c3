import type * as z from "zod";

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

/** Wrappers that hold one schema and add a default, `undefined` or `null` around it. */
const wrappers = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/**
 * The schema under every wrapper (`optional`, `nullable`, `default`, ...), and whether a
 * wrapper on the way lets `null` through.
 *
 * @param schema - any zod schema
 */
export function unwrapSchema(schema: z.core.$ZodType): { inner: z.core.$ZodType; nullable: boolean } {
  let inner = schema;
  let nullable = false;
  for (;;) {
    const def = defOf(inner);
    if (def.type === "nullable") nullable = true;
    if (wrappers.has(def.type)) inner = def.innerType as z.core.$ZodType;
    else if (def.type === "pipe") inner = def.in as z.core.$ZodType;
    else if (def.type === "lazy") inner = (def.getter as () => z.core.$ZodType)();
    else return { inner, nullable };
  }
}

/**
 * The schema that checks the value at a path of a payload, or `undefined` where the path
 * goes through a union (which of its options applies is the question) or leaves the
 * schema. Used to word a problem with what the field expects ("an integer (ms since the
 * epoch) or null") and to suggest a field name for an unknown key.
 *
 * @param schema - the schema of the whole payload
 * @param path - keys and array indexes, as zod issues carry them
 * @example
 * schemaAt(datasetSchema, ["equipments", 0, "created"]); // the timestamp schema of `created`
 */
export function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const segment of path) {
    if (!current) return undefined;
    const { inner } = unwrapSchema(current);
    const def = defOf(inner);
    if (def.type === "object" && typeof segment === "string") {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      current = Object.hasOwn(shape, segment) ? shape[segment] : undefined;
    } else if (def.type === "array" && typeof segment === "number") current = def.element as z.core.$ZodType;
    else if (def.type === "record") current = def.valueType as z.core.$ZodType;
    else return undefined;
  }
  return current;
}
