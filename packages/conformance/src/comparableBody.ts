import { type MethodName, methods } from "@wsafe/schema";

/**
 * A body as two answers of the same request are compared: a feed's `next_cursor` (which a
 * service may make of the answer's instant, so two asks never share one) stands as
 * "(a cursor)" when it is one, so what the answers hold is compared, not when they were
 * made. Any other body is compared as it is.
 *
 * @param method - the method answered
 * @param body - its answer
 * @example
 * comparableBody("equipments.changes", { ok: true, changes: [], next_cursor: "v1.x", has_more: false });
 * // { ok: true, changes: [], next_cursor: "(a cursor)", has_more: false }
 */
export function comparableBody(method: MethodName, body: Record<string, unknown>): Record<string, unknown> {
  if (!methods[method].feed || typeof body.next_cursor !== "string" || body.next_cursor === "") return body;
  return { ...body, next_cursor: "(a cursor)" };
}
