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
 * Parameters that look like ids but name nothing the service looks up, with why: another
 * account's value means nothing there, so there is no isolation to probe. The register's
 * writes keep an equipment's references as given (as an import does), take the caller's
 * own keys, and make what they name.
 */
export const notLookedUp: Readonly<Record<string, string>> = {
  "equipmentTypes.create metafields": "the caller's own metafield ids, defined by the request",
  "equipmentTypes.update metafields": "the caller's own metafield ids, defined by the request",
  "equipments.create external_id":
    "the caller's own key, made by the create: another account's is free (server tests hold it)",
  "equipments.create parent_id": "a reference kept as given, not looked up",
  "equipments.create fieldOffice_id": "references kept as given, not looked up",
  "equipments.create lineOfBusiness_id": "a reference kept as given, not looked up",
  "equipments.create clients_id": "references kept as given, not looked up",
  "equipments.create metavalues": "keyed by the type's metafield ids, checked against the type",
  "equipments.update parent_id": "a reference kept as given, not looked up",
  "equipments.update fieldOffice_id": "references kept as given, not looked up",
  "equipments.update lineOfBusiness_id": "a reference kept as given, not looked up",
  "equipments.update clients_id": "references kept as given, not looked up",
  "schedules.set schedule_id": "the schedule to add or change: made when the equipment lacks it",
};

/**
 * The parameters that name a record by id (`*_id`, or described as an id, like
 * `users.info`'s `user`), but for those {@link notLookedUp}: each must treat another
 * account's ids as absent.
 */
export function idParameters(): { method: MethodName; parameter: string }[] {
  return registryParameters().filter(({ method, parameter }) => {
    if (parameter === "token" || Object.hasOwn(notLookedUp, `${method} ${parameter}`)) return false;
    const schema = contract.methods[method].params.properties?.[parameter];
    return parameter.endsWith("_id") || /\bid\b/i.test(schema?.description ?? "");
  });
}
