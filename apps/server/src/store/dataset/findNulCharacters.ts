import type { PayloadProblem } from "@wsafe/schema";
import { isStorableText } from "../isStorableText.js";
import { problemAt } from "./problemAt.js";

// Documents known to hold no U+0000 without a walk (see noteNulFree).
const knownFree = new WeakSet<object>();

/**
 * Records that a document holds no U+0000, so that {@link findNulCharacters} answers at
 * once: walking a 100 000-equipment document costs half a second. For a document parsed
 * from a JSON text without the escape `\u0000`, the only way JSON can write it.
 *
 * @param document - the decoded document
 */
export function noteNulFree(document: object): void {
  knownFree.add(document);
}

/** Whether any string (or key) in the value holds U+0000: one walk, no paths built. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return !isStorableText(value);
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNul(item)) return true;
  } else if (value && typeof value === "object") {
    for (const key in value) {
      if (!isStorableText(key) || holdsNul((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

function walk(value: unknown, path: PropertyKey[], found: { path: PropertyKey[]; key: boolean }[]): void {
  if (typeof value === "string") {
    if (!isStorableText(value)) found.push({ path, key: false });
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, [...path, index], found);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push({ path, key: true });
      walk(item, [...path, key], found);
    }
  }
}

/**
 * Every string (or key) of a document holding U+0000, which PostgreSQL text cannot
 * store, named like every other problem (`user "u_1": \`name\` contains ...`). Paths
 * are built only when there is one to report: building every path of a large file
 * took seconds.
 *
 * @param document - the decoded document
 */
export function findNulCharacters(document: unknown): PayloadProblem[] {
  if (document && typeof document === "object" && knownFree.has(document)) return [];
  if (!holdsNul(document)) return [];
  const found: { path: PropertyKey[]; key: boolean }[] = [];
  walk(document, [], found);
  return found.map(({ path, key }) =>
    problemAt(document, path, (field) =>
      key
        ? `${field === "" ? "a key" : `a key of \`${field}\``} contains the NUL character (U+0000), which cannot be stored`
        : `\`${field}\` contains the NUL character (U+0000), which cannot be stored`,
    ),
  );
}
