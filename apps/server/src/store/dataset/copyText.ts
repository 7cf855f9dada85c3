/** The SQL types a value is written as in COPY text (the column's type decides the form). */
export type CopyType = "text" | "bigint" | "integer" | "boolean" | "jsonb" | "bytea" | "text[]";

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * A string as one field of PostgreSQL's COPY text format: backslash, tab, newline and
 * carriage return escaped, the rest as is. Most strings have none of them and are
 * returned unchanged, without a copy.
 *
 * @param text - the value; it must not contain U+0000, which PostgreSQL text cannot hold
 */
export function copyEscape(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : text;
}

/** An element of a `text[]` literal: quoted, with `"` and `\` escaped for the array parser. */
function arrayElement(text: string): string {
  return `"${text.replace(/["\\]/g, "\\$&")}"`;
}

/**
 * One value as a field of a COPY text line, in the form PostgreSQL reads for `type`:
 * `\N` for null (and undefined: a field the record leaves out), `t`/`f`, decimal
 * numbers, JSON text for `jsonb`, `\x` hex for `bytea`, `{"a","b"}` for `text[]`.
 *
 * @param value - a value of a validated record
 * @param type - the column's type
 * @example
 * copyField(["fo_1"], "jsonb"); // '["fo_1"]'
 * copyField(null, "bigint"); // "\\N"
 */
export function copyField(value: unknown, type: CopyType): string {
  if (value === null || value === undefined) return "\\N";
  switch (type) {
    case "text":
      return copyEscape(value as string);
    case "bigint":
    case "integer":
      return String(value as number);
    case "boolean":
      return value ? "t" : "f";
    case "jsonb":
      return copyEscape(JSON.stringify(value));
    case "bytea":
      // The text format unescapes `\\x` to `\x`, the start of bytea's hex form.
      return `\\\\x${(value as Buffer).toString("hex")}`;
    case "text[]":
      return copyEscape(`{${(value as readonly string[]).map(arrayElement).join(",")}}`);
  }
}
