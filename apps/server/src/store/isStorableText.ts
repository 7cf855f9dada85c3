/**
 * Whether PostgreSQL text can hold the string. It cannot hold NUL (U+0000), so an id with
 * one names nothing in the store: lookups answer "not found" without asking the database,
 * which would refuse the parameter and turn a caller's typo into `server_error`; an import
 * reports such a string on its own and asks the store about none.
 *
 * @example
 * isStorableText("eq_1"); // true
 * isStorableText("eq\u00001"); // false
 */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000");
}
