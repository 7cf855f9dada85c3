// `engines.node` in words for a page: `^20.19.0 || ^22.12.0 || >=24.0.0` read as
// "Node (^20.19.0 || ^22.12.0 || >=24.0.0 or newer)" on the client page, a range with
// "or newer" glued to its last part.

/** One part of the range in words: `^20.19.0` is "20 from 20.19", `>=24.0.0` "24 and newer". */
function partInWords(part: string): string {
  const match = /^(\^|>=)\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(part.trim());
  if (!match) throw new Error(`engines.node: no words for the range part "${part.trim()}"`);
  const [, operator, majorText, minorText = "0", patchText = "0"] = match;
  const from = patchText !== "0" ? `${majorText}.${minorText}.${patchText}` : `${majorText}.${minorText}`;
  const exact = minorText === "0" && patchText === "0";
  if (operator === ">=") return `${exact ? majorText : from} and newer`;
  return exact ? `${majorText}` : `${majorText} from ${from}`;
}

/**
 * The Node.js releases a package's `engines.node` accepts, in words.
 *
 * @param range - `engines.node`, a union (`||`) of `^X.Y.Z` and `>=X.Y.Z` parts
 * @throws Error on a form it has no words for, so that a page never prints a range raw
 * @example
 * nodeVersionWords("^20.19.0 || ^22.12.0 || >=24.0.0"); // "20 from 20.19, 22 from 22.12, or 24 and newer"
 */
export function nodeVersionWords(range: string): string {
  const parts = range.split("||").map(partInWords);
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(", ")}, or ${parts.at(-1)}`;
}
