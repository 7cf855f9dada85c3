/**
 * A set of JSON types for people: `"string | null"`, or `"any"` for `undefined`.
 *
 * @example
 * describeTypes(new Set(["string", "integer"])); // "string | integer"
 */
export const describeTypes = (types: Set<string> | undefined): string =>
  types ? [...types].join(" | ") : "any";
