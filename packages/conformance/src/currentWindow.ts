/**
 * An example's request data, its window of events moved to start now when it starts
 * earlier, keeping its length: the registry's examples name fixed instants (the
 * examples' day), and what a deployment holds on a day of the past depends on when its
 * data arrived. A window from now holds what falls due as the data stands, whichever day
 * the kit runs; one in the past could be empty, refused as older than the retention, or
 * full of the deployment's own import. Request data without a window is returned as it is.
 *
 * @param params - request data of an example
 * @param now - the kit's instant
 * @example
 * currentWindow({ from: 0, to: 86_400_000 }, now); // { from: now, to: now + 86_400_000 }
 */
export function currentWindow(params: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  const { from, to } = params;
  if (typeof from !== "number" || (to !== undefined && typeof to !== "number")) return params;
  if (from >= now) return params;
  return { ...params, from: now, ...(to === undefined ? {} : { to: now + (to - from) }) };
}
