import * as z from "zod";
import { type SchemaName, schemaCatalog } from "../catalog.js";
import { jsonSchemaBaseUrl } from "./schemaUrls.js";

/** A JSON Schema document (2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * Options zod's generator takes for every artifact. Response records are open
 * (`additionalProperties` left out) so that a field added in a minor version does not
 * break a consumer's validation; request data and datasets stay strict, exactly like
 * their zod schemas.
 */
export function jsonSchemaOptions(io: "input" | "output") {
  return {
    target: "draft-2020-12" as const,
    io,
    unrepresentable: "throw" as const,
    override(ctx: { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema }) {
      const def = ctx.zodSchema._zod.def as { type: string; catchall?: unknown };
      if (def.type === "object" && def.catchall === undefined) delete ctx.jsonSchema.additionalProperties;
    },
  };
}

/**
 * The published JSON Schema of a catalog payload: self-contained (shared parts under
 * `$defs`), with an `$id` at its stable URL.
 *
 * @param name - a catalog name, e.g. `"Equipment"` or `"equipments.list.params"`
 * @example
 * import { toJsonSchema } from "@wsafe/schema/openapi";
 * const schema = toJsonSchema("Equipment"); // { $id: ".../Equipment.json", ... }
 */
export function toJsonSchema(name: SchemaName): JsonSchema {
  const entry = schemaCatalog[name];
  const generated = z.toJSONSchema(entry.schema, jsonSchemaOptions(entry.io)) as JsonSchema;
  const { $schema, $ref, $defs, ...rest } = generated as {
    $schema: string;
    $ref?: string;
    $defs?: Record<string, JsonSchema>;
  };
  let root: JsonSchema = rest;
  const defs = { ...$defs };
  // zod puts a schema that has an id under $defs and points the root at it; the
  // published file is that schema itself, so lift it to the root.
  if ($ref?.startsWith("#/$defs/")) {
    const id = $ref.slice("#/$defs/".length);
    root = { ...defs[id], ...rest };
    delete defs[id];
  }
  const document = {
    $schema,
    $id: `${jsonSchemaBaseUrl}${name}.json`,
    title: (root.title as string | undefined) ?? name,
    ...root,
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
  if (!$ref) return document;
  const selfRef = JSON.stringify($ref);
  return JSON.parse(JSON.stringify(document).replaceAll(selfRef, JSON.stringify("#")));
}
