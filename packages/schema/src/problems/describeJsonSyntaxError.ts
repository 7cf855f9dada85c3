import { locateJsonSyntaxError } from "./locateJsonSyntaxError.js";

/** Each control character (a tab) as one space, so that the caret stays under the fault. */
const blankControls = (text: string) => Array.from(text, (char) => (char < " " ? " " : char)).join("");

/** How many characters of the faulty line are shown around the fault. */
const shownWidth = 72;

/**
 * Why a text is not JSON, as a person reads it: the line and column, the reason, and the
 * line itself with a caret under the fault (a window of it, for a minified file on one
 * line):
 *
 * ```
 * line 3, column 3: expected ',' or '}' after a value: is a comma missing?
 *     3 |   "b": 2
 *       |   ^
 * ```
 *
 * @param text - the text that `JSON.parse` refused (a byte-order mark already removed)
 * @returns the description, or `undefined` when the text is JSON after all
 * @example
 * try { JSON.parse(text); } catch { console.error(`not JSON: ${describeJsonSyntaxError(text)}`); }
 */
export function describeJsonSyntaxError(text: string): string | undefined {
  const fault = locateJsonSyntaxError(text);
  if (!fault) return undefined;
  const lineStart = fault.offset - (fault.column - 1);
  const lineEnd = text.indexOf("\n", lineStart);
  const whole = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, "");
  let from = Math.max(0, fault.column - 1 - Math.floor(shownWidth / 2));
  const to = Math.min(whole.length, from + shownWidth);
  from = Math.max(0, Math.min(from, to - shownWidth));
  const shown = `${from > 0 ? "…" : ""}${blankControls(whole.slice(from, to))}${to < whole.length ? "…" : ""}`;
  const caret = " ".repeat(fault.column - 1 - from + (from > 0 ? 1 : 0));
  const number = String(fault.line);
  return [
    `line ${fault.line}, column ${fault.column}: ${fault.reason}`,
    `  ${number} | ${shown}`,
    `  ${" ".repeat(number.length)} | ${caret}^`,
  ].join("\n");
}
