import { difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";
import { jsonPath } from "../jsonPath.js";
import { boundKeywords } from "./boundKeywords.js";
import type { SchemaDiffContext } from "./SchemaDiffContext.js";
import { sameJson } from "./sameJson.js";

const json = (value: unknown) => JSON.stringify(value);

// Keywords that describe a schema for people or tools and do not change which values
// are valid. `default` is one of them for responses only; in a request it decides what
// an omitted parameter means.
const annotations = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "x-open-enum",
]);
// Keywords the other comparisons of a branch model; `allOf` is compared here, pairwise.
const handled = new Set([
  "type",
  "enum",
  "const",
  "default",
  ...boundKeywords.lower,
  ...boundKeywords.upper,
  "multipleOf",
  "uniqueItems",
  "pattern",
  "format",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "items",
  "allOf",
]);

/**
 * Compares `allOf` part by part (through the walker) when both have as many parts, and
 * reports any other change of it, and of every keyword the gate does not model, as
 * `schema.unsupported-change`: a change the gate cannot judge is shown, never ignored.
 * Annotations and `x-` extensions are not compared.
 *
 * @example
 * compareRest({ not: { type: "null" } }, { not: { type: "string" } }, "$", ctx, [], []); // keyword not changed
 */
export function compareRest(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: SchemaDiffContext,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const ballOf = b.allOf as unknown[] | undefined;
  const nallOf = n.allOf as unknown[] | undefined;
  if (ballOf && nallOf && ballOf.length === nallOf.length) {
    for (const [index, part] of ballOf.entries()) {
      ctx.compareNode(part, nallOf[index], jsonPath(`${path}.allOf`, index), baseRefs, nextRefs);
    }
  } else if (!sameJson(ballOf, nallOf)) {
    ctx.out.push(difference("schema.unsupported-change", jsonPath(path, "allOf"), "allOf changed shape"));
  }
  const keys = new Set([...Object.keys(b), ...Object.keys(n)]);
  for (const key of keys) {
    if (handled.has(key) || annotations.has(key) || key.startsWith("x-")) continue;
    if (!sameJson(b[key], n[key])) {
      ctx.out.push(
        difference(
          "schema.unsupported-change",
          jsonPath(path, key),
          `keyword ${key} changed: ${json(b[key]) ?? "none"} → ${json(n[key]) ?? "none"}`,
        ),
      );
    }
  }
}
