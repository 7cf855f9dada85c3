/**
 * Writes an issue path the way people read it: `equipments[12].schedules[0].expiresOn`.
 *
 * @param path - the path of a zod issue (keys and array indexes)
 * @example
 * formatIssuePath(["equipments", 12, "expiresOn"]); // "equipments[12].expiresOn"
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_$][\w$]*$/.test(segment))
      text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text || "(root)";
}
