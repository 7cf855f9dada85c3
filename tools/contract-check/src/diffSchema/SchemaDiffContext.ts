import type { Direction } from "../Direction.js";
import type { Difference } from "../difference.js";
import type { SchemaObject } from "../flattenSchema.js";

/**
 * Compares two nodes of the payload at `path`; the walker, handed to the keyword
 * comparisons so that they descend without importing it (which would be a cycle).
 */
export type CompareNode = (
  base: unknown,
  next: unknown,
  path: string,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
  rootName?: string,
) => void;

/** What every comparison of one {@link diffSchema} call shares: the direction, both documents and the output. */
export interface SchemaDiffContext {
  /** The side of the wire: decides which rule a change fires. */
  direction: Direction;
  /** The released document, which its `$ref`s point into. */
  baseRoot: SchemaObject;
  /** The document about to be released. */
  nextRoot: SchemaObject;
  /** `$defs` or record names of enums released as open. */
  openEnums: ReadonlySet<string>;
  /** Where the comparisons append what they find, in the order they find it. */
  out: Difference[];
  /** The walker, for keyword families that hold subschemas (`properties`, `items`, `allOf`). */
  compareNode: CompareNode;
}
