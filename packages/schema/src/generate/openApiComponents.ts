import * as z from "zod";
import { schemaCatalog } from "../catalog.js";
import { methods } from "../registry.js";
import { type JsonSchema, jsonSchemaOptions } from "./toJsonSchema.js";

/**
 * The schema without `default` anywhere in it. openapi-typescript (7.x, by default)
 * types a property that has a `default` as required when the schema is a component,
 * so a generated client made every defaulted parameter mandatory and refused the
 * documented calls. Each parameter's description states its default instead.
 */
export function withoutDefaults(schema: JsonSchema): JsonSchema {
  const { default: _default, ...rest } = schema;
  const walk = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(walk)
      : value && typeof value === "object"
        ? withoutDefaults(value as JsonSchema)
        : value;
  for (const key of ["items", "additionalProperties", "anyOf", "oneOf", "allOf", "not"])
    if (key in rest) rest[key] = walk(rest[key]);
  if (rest.properties && typeof rest.properties === "object")
    rest.properties = Object.fromEntries(
      Object.entries(rest.properties as Record<string, JsonSchema>).map(([name, property]) => [
        name,
        withoutDefaults(property),
      ]),
    );
  return rest;
}

/** A reference to a schema under `components.schemas`. */
export const componentRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/**
 * Every schema of the registry as an OpenAPI component, keyed by its `.meta` id:
 * request data as a caller writes it (defaults optional; a method parameter's
 * default stated in its description rather than as `default`), everything else as
 * the service answers it. The same in OpenAPI 3.1 and 3.2, whose schema dialect is
 * JSON Schema 2020-12 in both.
 *
 * @example
 * openApiComponentSchemas().ErrorResponse; // { type: "object", properties: { ok: ..., error: ..., description: ... } }
 */
export function openApiComponentSchemas(): Record<string, JsonSchema> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const generate = (io: "input" | "output") =>
    (
      z.toJSONSchema(z.globalRegistry, { ...jsonSchemaOptions(io), uri }) as {
        schemas: Record<string, JsonSchema>;
      }
    ).schemas;
  const output = generate("output");
  const input = generate("input");
  const inputIds = new Set(
    Object.values(schemaCatalog)
      .filter((entry) => entry.io === "input")
      .map((entry) => entry.schema.meta()?.id as string),
  );
  // Only the request data of methods: the dataset keeps its defaults, no operation uses it.
  const paramsIds = new Set(Object.values(methods).map((method) => componentIdOf(method.params)));
  const merged: Record<string, JsonSchema> = {};
  for (const id of Object.keys(output).sort()) {
    const { $schema: _s, $id: _i, ...schema } = inputIds.has(id) ? input[id]! : output[id]!;
    merged[id] = paramsIds.has(id) ? withoutDefaults(schema) : schema;
  }
  return merged;
}

/** The `.meta` id of a registry schema, which is also its component name. */
export function componentIdOf(schema: z.ZodType): string {
  const id = schema.meta()?.id;
  if (typeof id !== "string") throw new Error("every registry schema needs a .meta id");
  return id;
}
