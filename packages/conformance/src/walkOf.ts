import { type MethodName, methodNames, methods } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { resolveSchema, type Schema } from "./resolveSchema.js";

/** How a paginated method walks its list, as the kit reads it from the registry. */
export interface Walk {
  method: MethodName;
  /** The result's list field, e.g. `equipments`. */
  listField: string;
  /** The params JSON Schema, to derive values from. */
  params: Schema & { properties: Record<string, unknown> };
  /** Parameters a cursor is bound to (`pagination.filters`), the instant among them. */
  filters: readonly string[];
  /** The parameter that names the walk's instant (`pagination.instant`), if any. */
  instant: string | undefined;
  /**
   * Whether every answer is a page (its result requires `response_metadata`): such a
   * method has no whole-list answer, so the kit reads its whole list page by page.
   */
  alwaysPaged: boolean;
}

/**
 * How `method` walks its pages, or undefined when it is not paginated: a method is
 * paginated when its published params take `cursor` and it is no feed (a feed,
 * `equipments.changes`, takes one too but never ends: its checks are `feedChecks`). The
 * list field is the result's one array; the filters and the instant come from the
 * registry's `pagination`.
 *
 * @example
 * walkOf("equipments.list"); // { listField: "equipments", filters: ["equipmentType_id", ...], instant: "as_of", ... }
 * walkOf("users.info"); // undefined
 */
export function walkOf(method: MethodName): Walk | undefined {
  const params = toJsonSchema(`${method}.params`) as Walk["params"];
  if (!Object.hasOwn(params.properties ?? {}, "cursor") || methods[method].feed) return undefined;
  const result = toJsonSchema(`${method}.result`) as Schema & { properties?: Record<string, unknown> };
  const listField = Object.entries(result.properties ?? {}).find(
    ([key, node]) => key !== "response_metadata" && resolveSchema(node, result).type === "array",
  )?.[0];
  if (listField === undefined) throw new Error(`${method} takes a cursor but its result has no list`);
  const spec = methods[method].pagination as { filters: readonly string[]; instant?: string } | undefined;
  const alwaysPaged = ((result as { required?: string[] }).required ?? []).includes("response_metadata");
  return { method, listField, params, filters: spec?.filters ?? [], instant: spec?.instant, alwaysPaged };
}

/** Every paginated method of the registry, in registry order. */
export function paginatedMethods(): MethodName[] {
  return methodNames.filter((method) => walkOf(method) !== undefined);
}
