import { quoteInput } from "../quoteInput.js";
import type { ParameterProblem } from "./inspectionRules.js";

/** The register's write methods, whose rules beyond JSON Schema {@link registerParamsProblem} holds. */
export const registerWriteMethods = [
  "equipmentTypes.create",
  "equipmentTypes.update",
  "equipments.create",
  "equipments.update",
  "equipments.retire",
  "schedules.set",
  "schedules.remove",
] as const;

/** One of {@link registerWriteMethods}. */
export type RegisterWriteMethod = (typeof registerWriteMethods)[number];

const invalid = (parameter: string, why: string): ParameterProblem => ({
  error: "parameter_invalid",
  parameter,
  description: `invalid parameter: ${quoteInput(parameter)}: ${why}`,
});

/** The path of the first string under `value` that holds U+0000, which no store keeps. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? `${path}.${key}` : nulPath(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** The first entry of `list` whose `key` repeats an earlier one's, as its index. */
function repeated(list: unknown, key: string): number | undefined {
  if (!Array.isArray(list)) return undefined;
  const seen = new Set<unknown>();
  for (const [index, item] of list.entries()) {
    const value: unknown = typeof item === "object" && item !== null ? Reflect.get(item, key) : undefined;
    if (seen.has(value)) return index;
    seen.add(value);
  }
  return undefined;
}

type Dates = { expiresOn?: number | null | undefined; expiringOn?: number | null | undefined };

/** Whether a schedule would be expiring only after it expires. */
const expiringAfterExpiry = ({ expiresOn, expiringOn }: Dates) =>
  typeof expiresOn === "number" && typeof expiringOn === "number" && expiringOn > expiresOn;

const datesWhy =
  "is after expiresOn: a schedule is expiring before it expires (set expiringOn to expiresOn or earlier)";

/**
 * The rules of the register's writes that no JSON Schema can say, checked with the other
 * parameters, before anything is looked up: no text holds U+0000 (as an import refuses
 * it); `equipments.retire` names its equipment by `id` or by `external_id`, not both;
 * `equipments.update` removes an `external_id` (`null`) only of an equipment named by
 * `id`; an equipment's schedules have distinct `schedule_id`s and a type's metafields
 * distinct `id`s; a schedule's `expiringOn` is not after its `expiresOn`. Each answers
 * `parameter_invalid` naming the parameter; the server, the conformance kit and the
 * fuzzer's oracle all read them here.
 *
 * @param method - the write method
 * @param params - its request data, as parsed
 * @example
 * registerParamsProblem("equipments.retire", { token, id: "eq_h_0001", external_id: "ERP-1" })?.parameter; // "external_id"
 */
export function registerParamsProblem(
  method: RegisterWriteMethod,
  params: Record<string, unknown>,
): ParameterProblem | undefined {
  for (const [key, value] of Object.entries(params)) {
    const path = key === "token" ? undefined : nulPath(value, key);
    if (path) return invalid(path, "must not contain the NUL character (U+0000)");
  }
  if (method === "equipments.retire" && params.id !== undefined && params.external_id !== undefined)
    return invalid("external_id", "name the equipment by id or by external_id, not both");
  if (method === "equipments.update" && params.external_id === null && params.id === undefined)
    return invalid(
      "external_id",
      "null removes the external_id of the equipment named by id: send its id with it",
    );
  if (method === "equipmentTypes.create" || method === "equipmentTypes.update") {
    const index = repeated(params.metafields, "id");
    if (index !== undefined)
      return invalid(`metafields[${index}].id`, "names a metafield named before it; each id once");
  }
  if (method === "equipments.create" && Array.isArray(params.schedules)) {
    const index = repeated(params.schedules, "schedule_id");
    if (index !== undefined)
      return invalid(`schedules[${index}].schedule_id`, "names a schedule named before it; each once");
    for (const [at, schedule] of params.schedules.entries())
      if (expiringAfterExpiry(schedule)) return invalid(`schedules[${at}].expiringOn`, datesWhy);
  }
  if (method === "schedules.set" && expiringAfterExpiry(params as Dates))
    return invalid("expiringOn", datesWhy);
  return undefined;
}
