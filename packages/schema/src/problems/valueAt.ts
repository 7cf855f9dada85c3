/**
 * The value found at a path of a decoded JSON payload, or `undefined` where the path
 * leads nowhere (a missing field, or a step through something that is not a container).
 *
 * @param payload - the decoded JSON value
 * @param path - keys and array indexes, as zod issues carry them
 * @example
 * valueAt({ users: [{ id: "u_1" }] }, ["users", 0, "id"]); // "u_1"
 */
export function valueAt(payload: unknown, path: readonly PropertyKey[]): unknown {
  let value = payload;
  for (const segment of path) {
    if (value === null || typeof value !== "object" || typeof segment === "symbol") return undefined;
    // Own properties only: a key such as `__proto__` or `constructor` names no field of JSON.
    if (!Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
