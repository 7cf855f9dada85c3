/**
 * Texts in the order of the store's "C" collation: by the bytes of their UTF-8, which is
 * code point order (JavaScript's `<` compares UTF-16 code units, which puts U+E000-U+FFFF
 * after the characters beyond U+FFFF). A writer that answers a record it built itself
 * orders its schedules as `equipments.list`'s `ORDER BY schedule_id` does.
 *
 * @example
 * ["sch_b", "sch_a"].sort(byStoredText); // ["sch_a", "sch_b"]
 */
export const byStoredText = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/** jsonb's order of an object's keys: shorter (in UTF-8 bytes) first, then by bytes. */
const byJsonbKey = (a: string, b: string): number =>
  Buffer.byteLength(a, "utf8") - Buffer.byteLength(b, "utf8") || byStoredText(a, b);

/**
 * An object's entries in the order a jsonb column gives them back: what `equipments.list`
 * answers for `metavalues`, which the store keeps as jsonb. A write that answers the
 * metavalues it was sent answers them in that order, so its answer is the list's, byte
 * for byte.
 *
 * @param object - a JSON object (its values are kept as they are)
 * @example
 * inJsonbKeyOrder({ mf_brand: "Petzl", mf_len: 1 }); // { mf_len: 1, mf_brand: "Petzl" }
 */
export function inJsonbKeyOrder<Value>(object: Readonly<Record<string, Value>>): Record<string, Value> {
  // fromEntries defines each key as data, so a key such as `__proto__` stays a key.
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => byJsonbKey(a, b)));
}
