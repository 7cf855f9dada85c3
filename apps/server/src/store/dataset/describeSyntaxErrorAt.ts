import { createReadStream } from "node:fs";

/** How many characters of the faulty line are shown around the fault, as `describeJsonSyntaxError` does. */
const shownWidth = 72;
/** Bytes kept either side of the fault: enough for the window in any UTF-8. */
const around = shownWidth * 4;

const blankControls = (text: string) => Array.from(text, (char) => (char < " " ? " " : char)).join("");

/**
 * Where a byte of a file is, as a person finds it, with a window of its line shown and
 * a caret under the fault: the words of a syntax error in a file too large to read whole
 * (a minified file is one line of gigabytes). The file is read once more as a stream,
 * counting lines and characters, keeping only bytes near the fault.
 *
 * @param file - the file
 * @param offset - the fault's byte offset
 * @param reason - why it is not JSON
 * @example
 * await describeSyntaxErrorAt("fleet.json", 1_234_567, 'Unexpected "}"');
 * // 'line 40211, column 7: Unexpected "}"\n  40211 | ...\n        |       ^'
 */
export async function describeSyntaxErrorAt(file: string, offset: number, reason: string): Promise<string> {
  let line = 1;
  let lineStart = 0;
  // Characters from the line's start to the fault: UTF-8 bytes that start a character.
  let column = 1;
  let position = 0;
  const near: number[] = [];
  let nearStart = -1;
  for await (const chunk of createReadStream(file, { highWaterMark: 2 ** 20 }) as AsyncIterable<Buffer>) {
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at]!;
      const here = position + at;
      if (here < offset) {
        if (byte === 10) {
          line++;
          lineStart = here + 1;
          column = 1;
          near.length = 0;
          nearStart = -1;
          continue;
        }
        if ((byte & 0xc0) !== 0x80) column++;
      } else if (byte === 10 || here > offset + around) {
        position = Number.POSITIVE_INFINITY;
        break;
      }
      if (here >= offset - around) {
        if (nearStart < 0) nearStart = here;
        near.push(byte);
      }
    }
    if (position === Number.POSITIVE_INFINITY) break;
    position += chunk.length;
  }
  const before = Buffer.from(near.slice(0, Math.max(0, offset - nearStart))).toString("utf8");
  const after = Buffer.from(near.slice(Math.max(0, offset - nearStart))).toString("utf8");
  const cut = nearStart > lineStart;
  const shownBefore = before.slice(Math.max(0, before.length - Math.floor(shownWidth / 2)));
  const shownAfter = after.slice(0, shownWidth - shownBefore.length).replace(/\r$/, "");
  const leading = cut || shownBefore.length < before.length ? "…" : "";
  const trailing = shownAfter.length < after.replace(/\r$/, "").length ? "…" : "";
  const number = String(line);
  return [
    `line ${line}, column ${column}: ${reason}`,
    `  ${number} | ${leading}${blankControls(shownBefore)}${blankControls(shownAfter)}${trailing}`,
    `  ${" ".repeat(number.length)} | ${" ".repeat(leading.length + shownBefore.length)}^`,
  ].join("\n");
}
