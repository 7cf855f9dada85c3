const identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Appends a key or an index to a JSON path: `.name` for plain keys,
 * `["equipments.list"]` for keys that are not identifiers (method names hold dots),
 * `[0]` for indexes.
 *
 * @example
 * jsonPath(jsonPath("$.methods", "users.info"), "params"); // '$.methods["users.info"].params'
 */
export function jsonPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return identifierPattern.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}
