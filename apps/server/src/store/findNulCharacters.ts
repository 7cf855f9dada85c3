import type { ValidationIssue } from "@wsafe/schema";

// Documents known to hold no U+0000 without a walk (see noteNulFree).
const knownFree = new WeakSet<object>();

/**
 * Records that a document holds no U+0000, so that {@link findNulCharacters} answers at
 * once: walking a 100 000-equipment document costs half a second. For a dataset parsed
 * from a JSON text without the escape `\u0000`, the only way JSON can write it.
 *
 * @param document - the document (or the dataset parsed from it)
 */
export function noteNulFree(document: object): void {
  knownFree.add(document);
}

/** Whether any string (or key) in the value holds U+0000: one walk, no paths built. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNul(item)) return true;
  } else if (value && typeof value === "object") {
    for (const key in value) {
      if (key.includes("\u0000") || holdsNul((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

function walk(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (typeof value === "string") {
    if (value.includes("\u0000"))
      issues.push({ path, message: "contains the NUL character, which cannot be stored" });
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`, issues);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) issues.push({ path, message: "a key contains the NUL character" });
      walk(
        item,
        /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`,
        issues,
      );
    }
  }
}

/**
 * Every string (or key) of a document holding U+0000, which PostgreSQL text cannot
 * store, with its path (`users[0].name`). Paths are built only when there is one to
 * report: building every path of a large file took seconds.
 *
 * @param document - a decoded document, or a dataset parsed from one
 */
export function findNulCharacters(document: unknown): ValidationIssue[] {
  if (document && typeof document === "object" && knownFree.has(document)) return [];
  if (!holdsNul(document)) return [];
  const issues: ValidationIssue[] = [];
  walk(document, "", issues);
  for (const issue of issues) issue.path = issue.path.replace(/^\./, "");
  return issues;
}
