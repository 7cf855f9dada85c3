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

  it("keeps the caret in place past tabs", () => {
    const lines = describeJsonSyntaxError('{\n\t"a":\tx\n}')!.split("\n");
    expect(lines[1]!.indexOf("x")).toBe(lines[2]!.indexOf("^"));
  });

  it("has nothing to say about JSON", () => {
    expect(describeJsonSyntaxError('{"a": [1, 2.5e3, "x", true, null]}')).toBeUndefined();
  });
});
