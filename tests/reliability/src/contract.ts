import { createRequire } from "node:module";
import { type MethodName, methodNames } from "@wsafe/schema";

/** The parameters of each method as JSON Schema, read from the contract the schema package publishes. */
export interface JsonSchema {
  type?: string;
  enum?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** An object's values under keys it does not name (a map such as `metavalues`). */
  additionalProperties?: JsonSchema | boolean;
  $defs?: Record<string, JsonSchema>;
  description?: string;
}
export const contract = createRequire(import.meta.url)("@wsafe/schema/contract.json") as {
  methods: Record<MethodName, { params: JsonSchema }>;
};

/** Every parameter of every method, from the registry: the fuzzer follows the contract as it grows. */
export function registryParameters(): { method: MethodName; parameter: string; required: boolean }[] {
  return methodNames.flatMap((method) => {
    const params = contract.methods[method].params;
    return Object.keys(params.properties ?? {}).map((parameter) => ({
      method,
      parameter,
      required: (params.required ?? []).includes(parameter),
    }));
  });
}

/**
 * The parameters that name a record by id (`*_id`, or described as an id, like
 * `users.info`'s `user`): each must treat another account's ids as absent.
 */
export function idParameters(): { method: MethodName; parameter: string }[] {
  return registryParameters().filter(({ method, parameter }) => {
    if (parameter === "token") return false;
    const schema = contract.methods[method].params.properties?.[parameter];
    return parameter.endsWith("_id") || /\bid\b/i.test(schema?.description ?? "");
  });
}
