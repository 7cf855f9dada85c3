import { type MethodName, methods } from "@wsafe/schema";
import type { ConformanceOptions } from "./ConformanceOptions.js";
import { currentWindow } from "./currentWindow.js";
import { type RefusedProbe, refusedProbeOf, standInReads } from "./refusedProbes.js";

/** The request data a method's checks start from, and the refusal it must get instead of a success, if any. */
export interface Baseline {
  /** Request data, `token`, `limit` and `cursor` left out. */
  params: Record<string, unknown>;
  /** What the service must answer instead of a success: the kit makes no write succeed. */
  refusal: RefusedProbe | undefined;
}

/**
 * Whether a method needs the `write` permission (the registry's `permission`).
 *
 * @example
 * isWriteMethod("webhooks.create"); // true
 */
export function isWriteMethod(method: MethodName): boolean {
  return methods[method].permission === "write";
}

/**
 * Where a method's checks start. A read method: the caller's own request data, else
 * the registry's first successful example (a window of events that began in the past moved to start now), unpaged,
 * because the checks compare whole answers (GET against POST, one account's against
 * another's, whose cursors would differ) and page where they mean to; or, where the
 * example names a record no deployment has (an endpoint id, {@link standInReads}) and the
 * caller gave none, its refused probe. A write method: always its refused probe (derived
 * from the registry, {@link refusedProbeOf}), whatever the caller gave, so no run ever
 * writes; undefined when the method documents no refusal to derive one from.
 *
 * @param method - the method checked
 * @param options - the run's options (`params`)
 * @example
 * baselineOf("users.info", {}); // { params: { user: "u_ada" }, refusal: undefined }
 * baselineOf("webhooks.delete", {}); // { params: { id: "conformance_no_such_…" }, refusal: { error: "content_not_found", … } }
 */
export function baselineOf(
  method: MethodName,
  options: Pick<ConformanceOptions, "params">,
): Baseline | undefined {
  const own = options.params?.[method];
  const write = isWriteMethod(method);
  const probe = write || (standInReads.has(method) && own === undefined) ? refusedProbeOf(method) : undefined;
  if (probe) return { params: { ...probe.params }, refusal: probe };
  if (write) return undefined;
  const example = methods[method].examples.find((candidate) => candidate.response.ok);
  const data = own ?? currentWindow((example?.request ?? {}) as Record<string, unknown>);
  const { token: _token, limit: _limit, cursor: _cursor, ...rest } = data;
  return { params: rest, refusal: undefined };
}
