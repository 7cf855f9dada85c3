import * as z from "zod";
import { schemaCatalog } from "../catalog.js";
import { type JsonSchema, jsonSchemaOptions } from "./toJsonSchema.js";

/** A reference to a schema under `components.schemas`. */
export const componentRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/**
 * Every schema of the registry as an OpenAPI component, keyed by its `.meta` id:
 * request data as a caller writes it (defaults optional), everything else as the
 * service answers it. The same in OpenAPI 3.1 and 3.2, whose schema dialect is
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
  const merged: Record<string, JsonSchema> = {};
  for (const id of Object.keys(output).sort()) {
    const { $schema: _s, $id: _i, ...schema } = inputIds.has(id) ? input[id]! : output[id]!;
    merged[id] = schema;
  }
  return merged;
}

/** The `.meta` id of a registry schema, which is also its component name. */
export function componentIdOf(schema: z.ZodType): string {
  const id = schema.meta()?.id;
  if (typeof id !== "string") throw new Error("every registry schema needs a .meta id");
  return id;
}
