/**
 * Whether a set of JSON types (from {@link typesOf}; `undefined` is any) admits `type`;
 * `number` admits `integer`.
 *
 * @example
 * coversType(new Set(["number"]), "integer"); // true
 */
export const coversType = (types: Set<string> | undefined, type: string): boolean =>
  types === undefined || types.has(type) || (type === "integer" && types.has("number"));
