import { describe, expect, it } from "vitest";
import { describeJsonSyntaxError } from "./describeJsonSyntaxError.js";

describe(describeJsonSyntaxError, () => {
  it("shows the line and column, the reason, and the line with a caret under the fault", () => {
    expect(describeJsonSyntaxError('{\n  "users": [\n    {"id": "u_1" "name": "Ada"}\n  ]\n}')).toBe(
      [
        "line 3, column 18: expected ',' or '}' after a value: is a comma missing?",
        '  3 |     {"id": "u_1" "name": "Ada"}',
        "    |                  ^",
      ].join("\n"),
    );
  });

  // A minified file is one line of megabytes: show a window of it around the fault.
  it("shows a window of a long line, the caret still under the fault", () => {
    const text = `[${'"xxxxxxxxxx",'.repeat(20)}"x" "y"${',"zzzzzzzzzz"'.repeat(20)}]`;
    const [, shown, caret] = describeJsonSyntaxError(text)!.split("\n") as [string, string, string];
    expect(shown.length).toBeLessThan(90);
    expect(shown).toMatch(/^ {2}1 \| …x.*z…$/);
    expect(shown[caret.indexOf("^")]).toBe('"');
    expect(shown.slice(caret.indexOf("^") - 4, caret.indexOf("^") + 3)).toBe('"x" "y"');
  });

  // Where exactly the window falls: half of it before the fault, "…" where the line goes on.
  it("centres the window of a long line on the fault", () => {
    const text = `[${"1,".repeat(50)}1 2${",3".repeat(50)}]`;
    expect(describeJsonSyntaxError(text)).toBe(
      [
        "line 1, column 104: expected ',' or ']' after a value, found '2'",
        `  1 | …${"1,".repeat(17)}1 2${",3".repeat(17)},…`,
        `    | ${" ".repeat(37)}^`,
      ].join("\n"),
    );
  });

  // A fault at the end of a long line: the window is the line's last 72 characters, not half of them.
  it("shows a full window before a fault at the end of a long line", () => {
    const text = `[${"10,".repeat(40)}10`;
    expect(describeJsonSyntaxError(text)).toBe(
      [
        "line 1, column 124: the text ends inside a list: a ']' is missing",
        `  1 | …,${"10,".repeat(23)}10`,
        `    | ${" ".repeat(73)}^`,
      ].join("\n"),
    );
  });

  it("shows the last line whole when no line break ends it", () => {
    expect(describeJsonSyntaxError("[1 2]")).toBe(
      ["line 1, column 4: expected ',' or ']' after a value, found '2'", "  1 | [1 2]", "    |    ^"].join(
        "\n",
      ),
    );
  });

  it("keeps the caret in place past tabs, each shown as one space", () => {
    expect(describeJsonSyntaxError('{\n\t"a":\tx\n}')).toBe(
      [
        "line 2, column 7: unexpected word `x`: a string needs double quotes; true, false and null are lower case",
        '  2 |  "a": x',
        "    |       ^",
      ].join("\n"),
    );
  });

  it("leaves out the carriage return of a Windows line end", () => {
    expect(describeJsonSyntaxError('{\r\n  "a": 1\r\n  "b": 2\r\n}')).toBe(
      [
        "line 3, column 3: expected ',' or '}' after a value: is a comma missing?",
        '  3 |   "b": 2',
        "    |   ^",
      ].join("\n"),
    );
  });

  // A raw carriage return inside a string is the fault itself: it shows as a space under the caret.
  it("shows a carriage return inside a line as a space, under the caret", () => {
    expect(describeJsonSyntaxError('{"a": "x\ry"}')).toBe(
      [
        'line 1, column 9: a control character "\\r" inside a string: write it escaped',
        '  1 | {"a": "x y"}',
        "    |         ^",
      ].join("\n"),
    );
  });

  it("has nothing to say about JSON", () => {
    expect(describeJsonSyntaxError('{"a": [1, 2.5e3, "x", true, null]}')).toBeUndefined();
  });
});
