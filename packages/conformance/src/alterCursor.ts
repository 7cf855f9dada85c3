/**
 * The cursor with the character at `index` replaced: by `0`, or `1` where it was `0`.
 * A digit for a letter keeps the cursor in the alphabet of base64 and of hex alike and
 * is a change even to a reader that ignores case.
 *
 * @param cursor - a cursor the service answered
 * @param index - the character to change
 * @example
 * alterAt("v1.abc.def", 3); // "v1.0bc.def"
 */
export function alterAt(cursor: string, index: number): string {
  return `${cursor.slice(0, index)}${cursor[index] === "0" ? "1" : "0"}${cursor.slice(index + 1)}`;
}

/**
 * Where to alter an opaque cursor so that one change falls in whatever part carries its
 * signature: the start, the middle and the next-to-last character (the last of base64
 * may carry unused bits).
 *
 * @param cursor - a cursor the service answered
 * @example
 * alterPositions("abcdef"); // [0, 3, 4]
 */
export function alterPositions(cursor: string): number[] {
  return [...new Set([0, Math.floor(cursor.length / 2), Math.max(0, cursor.length - 2)])];
}
