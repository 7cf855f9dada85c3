import { schemaNames } from "../catalog.js";
import { errorDescriptions } from "../errors.js";
import { methods } from "../registry.js";
import { type JsonSchema, toJsonSchema } from "./toJsonSchema.js";

/** A normalised, diffable snapshot of the whole /v1 contract. */
export interface ContractSnapshot {
  version: "v1";
  errors: string[];
  methods: Record<string, { permission: string; errors: string[]; params: JsonSchema; result: JsonSchema }>;
  records: Record<string, JsonSchema>;
}

const withoutId = ({ $id: _id, ...schema }: JsonSchema) => schema;

/**
 * The contract as one normalised document: every method's params, result and error
 * identifiers, and every record. Written by the build; compared with the released one
 * to find breaking changes.
 */
export function toContract(): ContractSnapshot {
  return {
    version: "v1",
    errors: Object.keys(errorDescriptions),
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
    records: Object.fromEntries(
      schemaNames.filter((name) => !name.includes(".")).map((name) => [name, withoutId(toJsonSchema(name))]),
    ),
  };
}
