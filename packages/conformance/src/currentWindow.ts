import { eventsWindowProblem } from "@wsafe/schema";

/**
 * An example's request data, its window of events moved to start now when the service
 * would refuse it as older than its retention: the registry's examples name fixed
 * instants, which a later run of the kit must not find stale. The window keeps its
 * length; request data without a window is returned as it is.
 *
 * @param params - request data of an example
 * @param now - the kit's instant
 * @example
 * currentWindow({ from: 0, to: 86_400_000 }, now); // { from: now, to: now + 86_400_000 }
 */
export function currentWindow(params: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  const { from, to } = params;
  if (typeof from !== "number" || (to !== undefined && typeof to !== "number")) return params;
  if (eventsWindowProblem({ from, to }, now)?.parameter !== "from") return params;
  return { ...params, from: now, ...(to === undefined ? {} : { to: now + (to - from) }) };
}
