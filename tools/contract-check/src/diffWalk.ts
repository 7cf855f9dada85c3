import { type Difference, difference } from "./difference.js";
import { jsonPath } from "./jsonPath.js";

/** How a paginated method walks its list, as a snapshot records it. */
export interface Walk {
  order: string[];
  filters: string[];
  instant?: string;
}

/** The part of a method entry the walk rules read. */
export interface WalkingMethod {
  params: unknown;
  pagination?: Walk;
}

/** The parameter names a method's request object declares at its root. */
function parameterNames(params: unknown): string[] {
  const properties = (params as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/**
 * The differences between the walks of one method kept by both snapshots: a walk added
 * or removed, its order, the parameters a cursor is bound to, and its instant. A walk
 * the released snapshot does not record (written before snapshots held walks) is
 * `walk.added`.
 *
 * @param name - the method's wire name
 * @param base - the released method entry
 * @param next - the next method entry
 * @example
 * diffWalk("things.list", { params, pagination: { order: ["id"], filters: [] } }, { params, pagination: { order: ["name", "id"], filters: [] } });
 * // [{ rule: "walk.order-changed", ... }]
 */
export function diffWalk(name: string, base: WalkingMethod, next: WalkingMethod): Difference[] {
  const path = jsonPath(jsonPath("$.methods", name), "pagination");
  const before = base.pagination;
  const after = next.pagination;
  if (!before && !after) return [];
  if (!after) return [difference("walk.removed", path, `${name} no longer walks its list in pages`)];
  if (!before) {
    return [difference("walk.added", path, `${name} walks its list in pages by ${after.order.join(", ")}`)];
  }
  const out: Difference[] = [];
  if (before.order.join() !== after.order.join()) {
    out.push(
      difference(
        "walk.order-changed",
        jsonPath(path, "order"),
        `order was ${before.order.join(", ")}, now ${after.order.join(", ")}`,
      ),
    );
  }
  const known = parameterNames(base.params);
  for (const filter of after.filters) {
    if (before.filters.includes(filter)) continue;
    out.push(
      known.includes(filter)
        ? difference("walk.filter-added", jsonPath(path, "filters"), `a walk is now bound to ${filter}`)
        : difference(
            "walk.filter-added-with-parameter",
            jsonPath(path, "filters"),
            `a walk is bound to the new parameter ${filter}`,
          ),
    );
  }
  for (const filter of before.filters) {
    if (!after.filters.includes(filter))
      out.push(
        difference(
          "walk.filter-removed",
          jsonPath(path, "filters"),
          `a walk is no longer bound to ${filter}`,
        ),
      );
  }
  if (before.instant !== after.instant) {
    out.push(
      difference(
        "walk.instant-changed",
        jsonPath(path, "instant"),
        `the walk's instant was ${before.instant ?? "none"}, now ${after.instant ?? "none"}`,
      ),
    );
  }
  return out;
}
