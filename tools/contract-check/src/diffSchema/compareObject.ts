import { difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { constraintRule } from "./constraintRule.js";
import { pickRule } from "./pickRule.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";

/** What an object does with keys it does not list: accepts any, refuses all, or checks them against a schema. */
type Extra = "open" | "closed" | SchemaObject;
const extraOf = (schema: SchemaObject): Extra =>
  schema.additionalProperties === false
    ? "closed"
    : schema.additionalProperties === undefined || schema.additionalProperties === true
      ? "open"
      : (schema.additionalProperties as SchemaObject);

const objectish = (schema: SchemaObject) =>
  "properties" in schema ||
  "required" in schema ||
  "additionalProperties" in schema ||
  "propertyNames" in schema;

/**
 * Compares the object keywords: properties removed, added and kept (each compared
 * through the walker, then its `required` flag), `additionalProperties` and
 * `propertyNames`. A request property that disappears from an open object is still
 * accepted, now unchecked: a loosening, not a removal.
 *
 * @example
 * compareObject({ properties: { a: {} } }, { properties: {} }, "$", ctx, [], []); // response.field-removed at $.properties.a
 */
export function compareObject(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: SchemaDiffContext,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  if (!objectish(b) && !objectish(n)) return;
  const bp = (b.properties ?? {}) as Record<string, unknown>;
  const np = (n.properties ?? {}) as Record<string, unknown>;
  const breq = new Set((b.required ?? []) as string[]);
  const nreq = new Set((n.required ?? []) as string[]);
  const nextExtra = extraOf(n);
  const properties = jsonPath(path, "properties");
  for (const key of Object.keys(bp)) {
    if (Object.hasOwn(np, key)) continue;
    const where = jsonPath(properties, key);
    if (ctx.direction === "response")
      ctx.out.push(difference("response.field-removed", where, `field ${key} was removed`));
    else if (nextExtra === "closed")
      ctx.out.push(difference("request.parameter-removed", where, `parameter ${key} was removed`));
    // An open request object still accepts the key, now unchecked: a widening.
    else
      ctx.out.push(difference("request.constraint-loosened", where, `parameter ${key} is no longer checked`));
  }
  for (const key of Object.keys(np)) {
    if (Object.hasOwn(bp, key)) continue;
    const where = jsonPath(properties, key);
    if (ctx.direction === "response")
      ctx.out.push(difference("response.field-added", where, `field ${key} was added`));
    else if (nreq.has(key))
      ctx.out.push(
        difference("request.required-parameter-added", where, `required parameter ${key} was added`),
      );
    else
      ctx.out.push(
        difference("request.optional-parameter-added", where, `optional parameter ${key} was added`),
      );
  }
  for (const key of Object.keys(bp)) {
    if (!Object.hasOwn(np, key)) continue;
    const where = jsonPath(properties, key);
    ctx.compareNode(bp[key], np[key], where, baseRefs, nextRefs);
    const was = breq.has(key);
    const is = nreq.has(key);
    if (!was && is) {
      ctx.out.push(
        difference(
          pickRule(ctx, "request.parameter-now-required", "response.field-now-required"),
          where,
          `${key} is now required`,
        ),
      );
    } else if (was && !is) {
      ctx.out.push(
        difference(
          pickRule(ctx, "request.parameter-now-optional", "response.field-now-optional"),
          where,
          `${key} is now optional`,
        ),
      );
    }
  }
  const baseExtra = extraOf(b);
  const where = jsonPath(path, "additionalProperties");
  if (typeof baseExtra === "object" && typeof nextExtra === "object") {
    ctx.compareNode(baseExtra, nextExtra, where, baseRefs, nextRefs);
  } else if (baseExtra !== nextExtra) {
    const label = (extra: Extra) => (typeof extra === "object" ? "a schema" : extra);
    const stricter = baseExtra === "open" || nextExtra === "closed";
    ctx.out.push(
      difference(
        constraintRule(ctx, stricter ? "tightened" : "loosened"),
        where,
        `other keys: ${label(baseExtra)} → ${label(nextExtra)}`,
      ),
    );
  }
  const names = jsonPath(path, "propertyNames");
  if (b.propertyNames !== undefined && n.propertyNames !== undefined)
    ctx.compareNode(b.propertyNames, n.propertyNames, names, baseRefs, nextRefs);
  else if (b.propertyNames !== undefined)
    ctx.out.push(difference(constraintRule(ctx, "loosened"), names, "key names are no longer checked"));
  else if (n.propertyNames !== undefined)
    ctx.out.push(difference(constraintRule(ctx, "tightened"), names, "key names are now checked"));
}
