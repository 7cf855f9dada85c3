/**
 * A JSON value as the fuzzer writes it. Objects are lists of entries, not JS objects,
 * so that one text can hold duplicate keys, `__proto__` as a plain key and numbers no
 * JS number can hold (`1e400`, 30 digits): the server must cope with the text a
 * hostile client sends, not with what `JSON.stringify` would produce.
 */
export type JsonModel =
  | null
  | boolean
  | string
  | { raw: string }
  | { items: JsonModel[] }
  | { entries: [string, JsonModel][] };

/** A number written exactly as given, e.g. `{ raw: "1e400" }`. */
export const raw = (text: string): JsonModel => ({ raw: text });
/** An array. */
export const items = (...values: JsonModel[]): JsonModel => ({ items: values });
/** An object, keys in order, duplicates allowed. */
export const entries = (...pairs: [string, JsonModel][]): JsonModel => ({ entries: pairs });

/** Writes a model as JSON text; iterative so that nesting a million deep cannot overflow the stack. */
export function toJsonText(model: JsonModel): string {
  const out: string[] = [];
  const stack: (JsonModel | { text: string })[] = [model];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === null || typeof next !== "object") {
      out.push(JSON.stringify(next));
    } else if ("text" in next) {
      out.push(next.text);
    } else if ("raw" in next) {
      out.push(next.raw);
    } else if ("items" in next) {
      const parts: (JsonModel | { text: string })[] = [{ text: "[" }];
      next.items.forEach((item, i) => {
        if (i > 0) parts.push({ text: "," });
        parts.push(item);
      });
      parts.push({ text: "]" });
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    } else {
      const parts: (JsonModel | { text: string })[] = [{ text: "{" }];
      next.entries.forEach(([key, value], i) => {
        parts.push({ text: `${i > 0 ? "," : ""}${JSON.stringify(key)}:` });
        parts.push(value);
      });
      parts.push({ text: "}" });
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    }
  }
  return out.join("");
}

/** `depth` arrays nested in each other around `inner`, as text (cheap for any depth). */
export function nestedArrays(depth: number, inner = "1"): string {
  return `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
}

/** `depth` objects nested under key `k`, as text. */
export function nestedObjects(depth: number, inner = "1"): string {
  return `${'{"k":'.repeat(depth)}${inner}${"}".repeat(depth)}`;
}
