import { type MethodName, methods } from "@wsafe/schema";
import { filtersFingerprint } from "./pageCursor.js";
import type { WalkRequest } from "./readPageRequest.js";

/**
 * A filter's value in a normal form: a list is a set (order and repeats do not matter),
 * and an empty list means no filter, as an absent one does.
 */
function normal(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? null;
  return value.length ? [...new Set(value.map(String))].sort() : null;
}

/**
 * The walk a request of a paginated method asks for, from the method's `pagination`
 * in the registry: its filters (fingerprinted, so a cursor is bound to them) and the
 * instant it names, if the method has one.
 *
 * @param method - a method with `pagination` in the registry
 * @param params - the request's checked parameters
 * @param accountId - the caller's account
 * @param now - the request's instant
 */
export function walkRequestOf(
  method: MethodName,
  params: Record<string, unknown>,
  accountId: string,
  now: number,
): WalkRequest {
  const spec = methods[method].pagination;
  if (!spec) throw new Error(`${method} is not paginated`);
  const filters = spec.filters.filter((name) => name !== spec.instant).map((name) => normal(params[name]));
  const instant = spec.instant === undefined ? undefined : params[spec.instant];
  return {
    method,
    accountId,
    filters: filtersFingerprint(filters),
    requestedInstant: typeof instant === "number" ? instant : undefined,
    now,
    hasInstant: spec.instant !== undefined,
  };
}
