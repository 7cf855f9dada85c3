import type { Branch } from "../flattenSchema.js";
import { coversType } from "./coversType.js";
import { describeTypes } from "./describeTypes.js";
import { sameJson } from "./sameJson.js";
import { typesOf } from "./typesOf.js";

/** How the alternatives of two unions correspond, as indexes into each list. */
export interface PairedAlternatives {
  /** `[base index, next index]` of alternatives compared with each other, in the order they were paired. */
  pairs: [number, number][];
  /** Base alternatives with no partner: removed. */
  removed: number[];
  /** Next alternatives with no partner: added, in their order. */
  added: number[];
}

/**
 * Pairs the alternatives of two unions: first those that are equal, then those of the
 * same type, then those whose types overlap (integer and number); what is left was
 * added or removed.
 *
 * @example
 * pairAlternatives([{ schema: { type: "string" } }], [{ schema: { type: "integer" } }, { schema: { type: "string", minLength: 1 } }]);
 * // { pairs: [[0, 1]], removed: [], added: [0] }
 */
export function pairAlternatives(base: readonly Branch[], next: readonly Branch[]): PairedAlternatives {
  const unmatched = next.map((_, index) => index);
  const pairs: [number, number][] = [];
  const match = (test: (base: Branch, next: Branch) => boolean, from: number[]) => {
    const left: number[] = [];
    for (const bi of from) {
      const found = unmatched.findIndex((ni) => test(base[bi]!, next[ni]!));
      if (found === -1) left.push(bi);
      else pairs.push([bi, unmatched.splice(found, 1)[0]!]);
    }
    return left;
  };
  const kind = (branch: Branch) => describeTypes(typesOf(branch.schema));
  let left = match(
    (x, y) => sameJson(x.schema, y.schema),
    base.map((_, index) => index),
  );
  left = match((x, y) => kind(x) === kind(y), left);
  left = match((x, y) => {
    const xt = typesOf(x.schema);
    const yt = typesOf(y.schema);
    return (
      [...(xt ?? [])].some((type) => coversType(yt, type)) ||
      [...(yt ?? [])].some((type) => coversType(xt, type))
    );
  }, left);
  return { pairs, removed: left, added: unmatched };
}
