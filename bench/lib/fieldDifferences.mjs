// Where two JSON values differ, field by field: how the bench holds a peer's answers to
// wsafe's for the same requests, and says which field differs rather than only that the
// texts do.

/**
 * The differences between two JSON values, each as `path: a ≠ b` (a field one side lacks
 * shows as `(absent)`), then, where every field agrees, an object whose keys come in
 * another order (the texts then differ though the values are equal: an answer must be
 * the list's, byte for byte).
 *
 * @param {unknown} a
 * @param {unknown} b
 * @param {string} [path] - where `a` and `b` are, for the messages
 * @returns {string[]} empty when the two are the same JSON, key order included
 * @example
 * fieldDifferences({ ok: true, n: 1 }, { ok: true, n: 2 }); // ["n: 1 ≠ 2"]
 */
export function fieldDifferences(a, b, path = "") {
  const show = (/** @type {unknown} */ value) => (value === undefined ? "(absent)" : JSON.stringify(value));
  const here = path === "" ? "(the whole value)" : path;
  if (Array.isArray(a) && Array.isArray(b)) {
    const found = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      found.push(...fieldDifferences(a[i], b[i], `${path}[${i}]`));
    return found;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const found = keys.flatMap((key) =>
      fieldDifferences(a[key], b[key], path === "" ? key : `${path}.${key}`),
    );
    if (found.length === 0 && Object.keys(a).join("\0") !== Object.keys(b).join("\0"))
      found.push(
        `${here}: keys in another order: ${Object.keys(a).join(", ")} ≠ ${Object.keys(b).join(", ")}`,
      );
    return found;
  }
  return Object.is(a, b) ? [] : [`${here}: ${show(a)} ≠ ${show(b)}`];
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
