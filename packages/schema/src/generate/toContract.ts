import { schemaCatalog, schemaNames } from "../catalog.js";
import { errorDescriptions } from "../errors.js";
import { requestChecks } from "../pipeline.js";
import { methods } from "../registry.js";
import { type JsonSchema, toJsonSchema } from "./toJsonSchema.js";

/** A normalised, diffable snapshot of the whole /v1 contract. */
export interface ContractSnapshot {
  version: "v1";
  errors: string[];
  /** The request pipeline's checks in order, each with the identifiers it answers. */
  pipeline: { id: string; scope: string; errors: string[] }[];
  methods: Record<string, { permission: string; errors: string[]; params: JsonSchema; result: JsonSchema }>;
  records: Record<string, JsonSchema>;
  /** Which side of the wire each record describes, from the catalog's `io`. */
  directions: Record<string, "request" | "response">;
}

const withoutId = ({ $id: _id, ...schema }: JsonSchema) => schema;

/**
 * The contract as one normalised document: every method's params, result and error
 * identifiers, and every record. Written by the build; compared with the released one
 * to find breaking changes.
 */
export function toContract(): ContractSnapshot {
  const records = schemaNames.filter((name) => !name.includes("."));
  return {
    version: "v1",
    errors: Object.keys(errorDescriptions),
    pipeline: requestChecks.map((check) => ({ id: check.id, scope: check.scope, errors: [...check.errors] })),
    methods: Object.fromEntries(
      Object.values(methods).map((method) => [
        method.name,
        {
          permission: method.permission,
          errors: [...method.errors],
          params: withoutId(toJsonSchema(`${method.name}.params` as never)),
          result: withoutId(toJsonSchema(`${method.name}.result` as never)),
        },
      ]),
    ),
    records: Object.fromEntries(records.map((name) => [name, withoutId(toJsonSchema(name))])),
    directions: Object.fromEntries(
      records.map((name) => [name, schemaCatalog[name].io === "input" ? "request" : "response"]),
    ),
  };
}
